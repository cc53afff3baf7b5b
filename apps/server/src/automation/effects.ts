import { renderMessageVariables } from "@inbox/shared";
import type { Tx } from "../db/client.js";
import { integrationDeliveries, messages, ticketLogs } from "../db/schema/index.js";
import { attachmentKind } from "../modules/messages/media.js";
import type { NewOutbound, OutboundService } from "../modules/messages/outbound-service.js";
import type { MessageRow } from "../modules/messages/presenter.js";
import type { TicketRow } from "../modules/tickets/presenter.js";
import type { BotAction } from "./machine-types.js";
import type { AutomationRepo } from "./repo.js";

/** Where a flow's stored upload is: the path the outbound path sends, its type and original name. */
export type FlowMediaLookup = (
  companyId: number,
  name: string,
) => Promise<{ path: string; mimeType: string; name: string } | undefined>;

type MessageInsert = typeof messages.$inferInsert;
type MessageFacts = Awaited<ReturnType<AutomationRepo["messageFacts"]>>;
type LogInsert = typeof ticketLogs.$inferInsert;

/**
 * A batch's writes held until its end (runner.ts): the bot's messages of every ticket in one
 * statement and their log lines in another, instead of a statement or two per ticket. The rows
 * keep the order they were made in, so each ticket's messages get increasing ids as they would one
 * by one.
 */
export class RunWrites {
  private readonly messages: MessageInsert[] = [];
  private readonly logs: LogInsert[] = [];
  private readonly lastRows = new Map<number, MessageInsert>();

  addMessage(row: MessageInsert): void {
    this.messages.push(row);
    this.lastRows.set(row.ticketId, row);
  }

  addLogs(rows: LogInsert[]): void {
    this.logs.push(...rows);
  }

  /** The last message held for the ticket, if the bot wrote. */
  lastMessage(ticketId: number): MessageInsert | undefined {
    return this.lastRows.get(ticketId);
  }

  /** Writes what is held; answers each ticket's stored messages in order. */
  async flush(tx: Tx): Promise<Map<number, MessageRow[]>> {
    const byTicket = new Map<number, MessageRow[]>();
    if (this.logs.length > 0) await tx.insert(ticketLogs).values(this.logs);
    if (this.messages.length === 0) return byTicket;
    const stored = await tx.insert(messages).values(this.messages).returning();
    for (const row of stored.sort((a, b) => a.id - b.id)) {
      const list = byTicket.get(row.ticketId) ?? [];
      list.push(row);
      byTicket.set(row.ticketId, list);
    }
    return byTicket;
  }
}

/**
 * What the machine's actions do to the database inside a run's transaction:
 * the bot's messages stored as outbound rows (sent after the commit), the
 * ticket's log entries, the contact's consent and out-of-hours mark, ratings.
 */
export class BotEffects {
  constructor(
    private readonly repo: AutomationRepo,
    private readonly outbound: Pick<OutboundService, "rowOf">,
    private readonly logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
    /** A flow's stored upload by name (modules/flows/media.ts); absent: flow media are skipped with a warning. */
    private readonly flowMedia?: FlowMediaLookup,
  ) {}

  /** The bot's texts take the message variables ({{firstName}}, {{queue}}, {{ms}}…) as the lifecycle's do. */
  async renderer(
    tx: Tx,
    ticket: TicketRow,
    facts: { queueId: number | null; userId: number | null },
    now: Date,
    /** A batch's runs (runner.ts): the contact's name is known, the rest is read once per batch. */
    batch?: { contactName: string; facts: Map<string, MessageFacts> },
  ): Promise<(text: string) => string> {
    const ids = { userId: facts.userId, queueId: facts.queueId, whatsappId: ticket.whatsappId };
    let found: Partial<NonNullable<MessageFacts>> | undefined;
    if (batch) {
      const key = `${ticket.companyId}:${ids.userId}:${ids.queueId}:${ids.whatsappId}`;
      let shared = batch.facts.get(key);
      if (!shared) {
        shared = await this.repo.messageFacts(tx, ticket.companyId, { ...ids, contactId: null });
        batch.facts.set(key, shared);
      }
      found = { ...shared, contactName: batch.contactName };
    } else
      found = await this.repo.messageFacts(tx, ticket.companyId, { ...ids, contactId: ticket.contactId });
    const values = {
      ticketId: ticket.id,
      contactName: found?.contactName ?? "",
      userName: found?.userName ?? "",
      queueName: found?.queueName ?? "",
      connectionName: found?.connectionName ?? "",
    };
    return (text) => renderMessageVariables(text, values, now, found?.timeZone);
  }

  /** Stores the bot's messages and logs the ticket's moves; answers the stored messages. */
  async apply(
    tx: Tx,
    ticket: TicketRow,
    actions: BotAction[],
    now: Date,
    render: (text: string) => string = (text) => text,
    /** The batch's held writes (runner.ts): messages and log lines go there instead of one insert each. */
    writes?: RunWrites,
  ): Promise<MessageRow[]> {
    const { companyId, id: ticketId } = ticket;
    const sent: MessageRow[] = [];
    const store = (body: string, media?: Parameters<BotEffects["storeBotMessage"]>[3]) =>
      this.storeBotMessage(tx, ticket, body, media, writes);
    const log = async (rows: LogInsert[]) => {
      if (writes) writes.addLogs(rows);
      else if (rows.length > 0) await tx.insert(ticketLogs).values(rows);
    };
    for (const action of actions) {
      switch (action.type) {
        case "send":
          sent.push(...(await store(render(action.body))));
          break;
        case "enterQueue":
          await log([{ companyId, ticketId, type: "queue", userId: null, queueId: action.queueId }]);
          break;
        case "assign":
          await log([{ companyId, ticketId, type: "open", userId: action.userId, queueId: null }]);
          break;
        case "close":
          // A rating wait was logged closed by the user who resolved it.
          if (ticket.status !== "nps")
            await log([{ companyId, ticketId, type: "closed", userId: null, queueId: null }]);
          break;
        case "tellPosition": {
          const position = await this.repo.queuePosition(tx, companyId, action.queueId, ticketId);
          sent.push(...(await store(`${render(action.message)} *${position}*`)));
          break;
        }
        case "sendGreetingMedia": {
          if (ticket.whatsappId === null) break;
          const media = await this.repo.greetingMedia(tx, companyId, ticket.whatsappId);
          const kind = media ? attachmentKind(media.type) : undefined;
          if (media && kind)
            sent.push(
              ...(await store("", {
                kind: kind.kind,
                mediaType: kind.mediaType,
                mediaUrl: media.path,
                mimeType: media.type,
                filename: media.name,
              })),
            );
          break;
        }
        case "lgpdAccepted":
          if (ticket.contactId !== null) await this.repo.acceptLgpd(tx, companyId, ticket.contactId, now);
          break;
        case "setStatus":
          break;
        case "rate":
          await this.repo.rate(tx, { companyId, ticketId, userId: ticket.userId, rate: action.value });
          break;
        case "outOfHoursSent":
          if (ticket.contactId !== null)
            await this.repo.markOutOfHoursSent(tx, companyId, ticket.contactId, now);
          break;
        case "sendFiles":
          sent.push(...(await this.sendFileList(tx, ticket, action.fileListId, render, writes)));
          break;
        case "handOver":
          // A row of the hand-over outbox, delivered after the commit (handover.ts); once per message.
          if (action.integrationId !== null)
            await tx
              .insert(integrationDeliveries)
              .values({
                companyId,
                ticketId,
                integrationId: action.integrationId,
                messageId: action.messageId,
                target: action.target ?? "integration",
              })
              .onConflictDoNothing();
          break;
        case "flowLog":
          // A flow's steps in the ticket's history, one entry per node (ticket_logs.detail).
          await log(
            [
              ...action.visited.map((step) => ({
                flowId: action.flowId,
                nodeId: step.nodeId,
                nodeType: step.type,
              })),
              ...(action.ended ? [{ flowId: action.flowId, ended: action.ended }] : []),
            ].map((detail) => ({ companyId, ticketId, type: "flow", userId: null, queueId: null, detail })),
          );
          // A cycle without a wait stopped at the step cap: the author has a loop to fix.
          if (action.ended === "cap" || action.ended === "missing")
            this.logger.warn(
              { companyId, ticketId, flowId: action.flowId, ended: action.ended },
              "flow walk stopped",
            );
          break;
        case "sendFlowMedia": {
          const file = await this.flowMedia?.(companyId, action.name);
          if (!file) {
            this.logger.warn(
              { companyId, ticketId, flowId: action.flowId, name: action.name },
              "flow media not found",
            );
            break;
          }
          // The type is the stored file's (read from its bytes at upload), not what the node claims.
          const kind = attachmentKind(file.mimeType) ?? {
            mediaType: "application",
            kind: "document" as const,
          };
          sent.push(
            ...(await store("", {
              kind: kind.kind,
              mediaType: kind.mediaType,
              mediaUrl: file.path,
              mimeType: file.mimeType,
              filename: action.filename ?? file.name,
            })),
          );
          break;
        }
      }
    }
    return sent;
  }

  /**
   * A file list as bot messages: its message, then each option in order, its file with the option's
   * name as caption (an option without a file: its name as text). Stored in the run's transaction
   * like every bot message, so a replayed run sends none twice. A list deleted since: nothing.
   */
  private async sendFileList(
    tx: Tx,
    ticket: TicketRow,
    fileListId: number | null,
    render: (text: string) => string,
    writes?: RunWrites,
  ): Promise<MessageRow[]> {
    if (fileListId === null) return [];
    const list = await this.repo.fileList(tx, ticket.companyId, fileListId);
    if (!list) return [];
    const sent: MessageRow[] = [];
    const message = render(list.message).trim();
    if (message) sent.push(...(await this.storeBotMessage(tx, ticket, message, {}, writes)));
    for (const option of list.options) {
      const kind = option.path && option.mediaType ? attachmentKind(option.mediaType) : undefined;
      sent.push(
        ...(await this.storeBotMessage(
          tx,
          ticket,
          option.name,
          option.path && option.mediaType && kind
            ? {
                kind: kind.kind,
                mediaType: kind.mediaType,
                mediaUrl: option.path,
                mimeType: option.mediaType,
                filename: option.mediaName ?? option.name,
              }
            : {},
          writes,
        )),
      );
    }
    return sent;
  }

  /** Texts as bot messages, in order (an integration's answers); blank ones skipped. */
  async storeBotTexts(
    tx: Tx,
    ticket: TicketRow,
    texts: string[],
    /** Each text this many milliseconds after the one before (the outbound path waits: `sendAfter`). */
    spacingMs = 0,
    now: Date = new Date(),
  ): Promise<MessageRow[]> {
    const sent: MessageRow[] = [];
    let index = 0;
    for (const text of texts) {
      if (!text.trim()) continue;
      const sendAfter =
        spacingMs > 0 && index > 0 ? { sendAfter: new Date(now.getTime() + index * spacingMs) } : {};
      sent.push(...(await this.storeBotMessage(tx, ticket, text, sendAfter)));
      index += 1;
    }
    return sent;
  }

  /** A voice note stored in the company's folder, as a bot message. */
  async storeBotAudio(
    tx: Tx,
    ticket: TicketRow,
    file: { path: string; mimeType: string; name: string },
  ): Promise<MessageRow[]> {
    return this.storeBotMessage(tx, ticket, "", {
      kind: "audio",
      mediaType: "audio",
      mediaUrl: file.path,
      mimeType: file.mimeType,
      filename: file.name,
    });
  }

  /**
   * A bot message: an outbound row (ack 0, no user, sentBy bot) the outbound path sends after the
   * commit. Held in `writes` when given (answers nothing: the batch's flush answers it).
   */
  private async storeBotMessage(
    tx: Tx,
    ticket: TicketRow,
    body: string,
    media: Pick<NewOutbound, "kind" | "mediaType" | "mediaUrl" | "mimeType" | "filename" | "sendAfter"> = {},
    writes?: RunWrites,
  ): Promise<MessageRow[]> {
    if (ticket.whatsappId === null || ticket.contactId === null) return [];
    const row = this.outbound.rowOf({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      body,
      ...media,
    });
    const values = { ...row, extra: { ...row.extra, sentBy: "bot" } };
    if (writes) {
      writes.addMessage(values);
      return [];
    }
    return tx.insert(messages).values(values).returning();
  }
}
