import { QUEUE_REQUIRED_MESSAGE, type TicketUpdateBody } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";

/**
 * The ticket lifecycle of spec 1 section 4, as a pure decision: from the
 * ticket as it stands (read under a row lock) and what the client asked, the
 * transition to apply. No database here, so every row of the table is tested
 * directly (lifecycle.test.ts); the service applies the answer.
 *
 * | from                     | ask                         | action    | to                                  |
 * |--------------------------|-----------------------------|-----------|-------------------------------------|
 * | pending (lgpd, nps)      | status open/group           | accept    | open (group if group), actor        |
 * | open/group, actor's      | status open/group           | unchanged | (a queue change is an update)       |
 * | open/group, another's    | status open/group           | taken     | nothing: 'already being handled'    |
 * | open or group            | status pending              | return    | pending, no user                    |
 * | not closed               | status closed               | close     | closed (ignore: pending/lgpd)       |
 * | closed                   | status open/group           | reopen    | open (group if group), actor        |
 * | any                      | isTransfered / other user   | transfer  | open (group) with user, else pending|
 * | any                      | only queue/flags            | update    | same status                         |
 */

export type TicketAction =
  | "accept"
  | "return"
  | "close"
  | "ignore"
  | "reopen"
  | "transfer"
  | "update"
  | "unchanged"
  | "taken";

export type TicketLogType = "open" | "pending" | "closed" | "reopen" | "transfered" | "queue";

export interface LifecycleTicket {
  status: string;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

export interface LifecycleActor {
  id: number;
  admin: boolean;
  /** The user's userClosePendingTicket is enabled. */
  userClosePendingTicket: boolean;
}

export interface TicketChanges {
  status?: string;
  userId?: number | null;
  queueId?: number | null;
  amountUsedBotQueues?: number;
  useIntegration?: boolean;
  closedAt?: Date | null;
}

export interface Transition {
  action: TicketAction;
  changes: TicketChanges;
  /** The log entry this transition writes (none for unchanged, taken, or an update of flags only). */
  log?: TicketLogType;
  /** Accepting a pending ticket: the greeting may go out (sendGreetingAccepted). */
  greet: boolean;
  /** Closing with the farewell (the connection's complationMessage). */
  farewell: boolean;
  /** A resolve (not an ignore): the requiredTag setting applies. */
  checkRequiredTag: boolean;
  /** A transfer: the transfer message may go out. */
  transferMessage: boolean;
}

const WAITING = new Set(["pending", "lgpd", "nps"]);
/** Pending or lgpd tickets may be closed (ignored) only by admins or users with userClosePendingTicket. */
const CLOSE_NEEDS_PERMISSION = new Set(["pending", "lgpd"]);

const none = { greet: false, farewell: false, checkRequiredTag: false, transferMessage: false };

const queueRequired = () =>
  new AppError("ERR_VALIDATION", { field: "queueId", message: QUEUE_REQUIRED_MESSAGE });

/** Does this request ask to take the ticket for the signed-in user (accept or reopen)? */
export function asksToAccept(body: TicketUpdateBody, actorId: number): boolean {
  return (
    !body.isTransfered &&
    (body.status === "open" || body.status === "group") &&
    (body.userId === undefined || body.userId === null || body.userId === actorId)
  );
}

/** The status an attended ticket takes: group conversations stay in the group tab. */
const attendedStatus = (ticket: LifecycleTicket) => (ticket.isGroup ? "group" : "open");

export function planTransition(
  ticket: LifecycleTicket,
  body: TicketUpdateBody,
  actor: LifecycleActor,
): Transition {
  const flags: TicketChanges = {};
  if (body.useIntegration !== undefined) flags.useIntegration = body.useIntegration;
  if (body.amountUsedBotQueues !== undefined) flags.amountUsedBotQueues = body.amountUsedBotQueues;

  if (body.status === "lgpd" || body.status === "nps")
    throw new AppError("ERR_VALIDATION", {
      field: "status",
      message: "lgpd and nps are set by the bot, not by an attendant",
    });

  const wantsUser = body.userId !== undefined && body.userId !== null;
  const isTransfer =
    body.isTransfered === true ||
    (body.status === undefined && body.userId !== undefined && body.userId !== ticket.userId) ||
    ((body.status === "open" || body.status === "group") && wantsUser && body.userId !== actor.id);
  if (isTransfer) {
    const queueId = body.queueId ?? ticket.queueId;
    if (queueId === null) throw queueRequired();
    const userId = body.userId ?? null;
    return {
      ...none,
      action: "transfer",
      changes: {
        ...flags,
        queueId,
        userId,
        status: userId === null ? "pending" : attendedStatus(ticket),
        ...(ticket.status === "closed" ? { closedAt: null } : {}),
      },
      log: "transfered",
      transferMessage: true,
    };
  }

  switch (body.status) {
    case "closed": {
      if (ticket.status === "closed") return { ...none, action: "unchanged", changes: {} };
      if (CLOSE_NEEDS_PERMISSION.has(ticket.status) && !actor.admin && !actor.userClosePendingTicket)
        throw new AppError("ERR_NO_PERMISSION", {
          message: "Only admins or users allowed to close pending tickets may close this one",
        });
      const ignore = CLOSE_NEEDS_PERMISSION.has(ticket.status) && body.sendFarewellMessage !== true;
      return {
        ...none,
        action: ignore ? "ignore" : "close",
        changes: {
          ...flags,
          ...(ignore ? { amountUsedBotQueues: body.amountUsedBotQueues ?? 0 } : {}),
          status: "closed",
          closedAt: new Date(),
        },
        log: "closed",
        farewell: !ignore && body.sendFarewellMessage === true,
        checkRequiredTag: !ignore,
      };
    }

    case "pending": {
      if (ticket.status === "closed")
        throw new AppError("ERR_VALIDATION", {
          field: "status",
          message: "A closed ticket is reopened or transferred, not returned to the queue",
        });
      if (ticket.status === "pending" && ticket.userId === null) return update(ticket, body, flags);
      return {
        ...none,
        action: "return",
        changes: {
          ...flags,
          status: "pending",
          userId: null,
          ...(body.queueId !== undefined ? { queueId: body.queueId } : {}),
        },
        log: "pending",
      };
    }

    case "open":
    case "group": {
      if (ticket.status === "closed" || WAITING.has(ticket.status) || ticket.userId === null) {
        const queueId = body.queueId ?? ticket.queueId;
        if (queueId === null && !ticket.isGroup) throw queueRequired();
        const reopen = ticket.status === "closed";
        return {
          ...none,
          action: reopen ? "reopen" : "accept",
          changes: {
            ...flags,
            status: attendedStatus(ticket),
            userId: actor.id,
            queueId,
            ...(reopen ? { closedAt: null } : {}),
          },
          log: reopen ? "reopen" : "open",
          greet: ticket.status === "pending",
        };
      }
      if (ticket.userId === actor.id) return update(ticket, body, flags);
      // Someone else holds it (two attendants accepted at once): nothing changes, the answer names them.
      return { ...none, action: "taken", changes: {} };
    }

    default:
      return update(ticket, body, flags);
  }
}

/** No transition: a queue change and the bot flags. */
function update(ticket: LifecycleTicket, body: TicketUpdateBody, flags: TicketChanges): Transition {
  const changes: TicketChanges = { ...flags };
  const queueChanged = body.queueId !== undefined && body.queueId !== ticket.queueId;
  if (queueChanged) changes.queueId = body.queueId;
  if (Object.keys(changes).length === 0) return { ...none, action: "unchanged", changes };
  return { ...none, action: "update", changes, ...(queueChanged ? { log: "queue" as const } : {}) };
}

/**
 * The signed-in user, when this change handed the ticket to someone else
 * (a transfer, a ticket opened for another attendant): the event names them
 * so the new holder's screen calls them. Taking a ticket oneself hands nothing.
 */
export function handedBy(
  ctx: { user: { id: number } },
  before: { userId: number | null } | undefined,
  after: { userId: number | null },
): number | undefined {
  if (after.userId === null || after.userId === ctx.user.id || after.userId === before?.userId)
    return undefined;
  return ctx.user.id;
}
