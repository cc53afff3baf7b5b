import type { MessageRow } from "../modules/messages/presenter.js";
import { previewOfMessage } from "../modules/messages/preview.js";
import type { TicketRow } from "../modules/tickets/presenter.js";
import type { BotEffects } from "./effects.js";
import { inactivityStep } from "./inactivity.js";
import type { BotAction, BotState } from "./machine-types.js";
import type { AutomationRepo } from "./repo.js";

/** What an inactivity step changed, announced by the runner after the commit. */
export interface InactivityOutcome {
  companyId: number;
  ticketId: number;
  sent: MessageRow[];
  before: TicketRow;
  after: TicketRow;
}

/**
 * Inactivity (inactivity.ts) of one open ticket, under its lock: the
 * warning, or the close with expiresInactiveMessage. The warning's id is
 * kept in the state, so it goes once per idle stretch.
 */
export async function runInactivity(
  repo: AutomationRepo,
  effects: BotEffects,
  companyId: number,
  ticketId: number,
  now: Date,
): Promise<InactivityOutcome | undefined> {
  return repo.transaction(async (tx): Promise<InactivityOutcome | undefined> => {
    const ticket = await repo.lockTicket(tx, companyId, ticketId);
    if (ticket?.status !== "open" || ticket.whatsappId === null) return undefined;
    const rules = await repo.inactivityRules(tx, companyId, ticket.whatsappId);
    if (!rules) return undefined;
    const row = await repo.state(tx, companyId, ticketId);
    const state = row.state as Partial<BotState> & { inactiveWarnedMessageId?: number };
    const last = await repo.lastMessage(tx, companyId, ticketId);
    const step = inactivityStep(rules, last, state.inactiveWarnedMessageId, now);
    if (step.kind === "none") return undefined;
    const actions: BotAction[] =
      step.kind === "warn"
        ? [{ type: "send", body: rules.inactiveMessage ?? "" }]
        : [
            ...(rules.expiresInactiveMessage?.trim()
              ? [{ type: "send", body: rules.expiresInactiveMessage } as const]
              : []),
            { type: "close" },
          ];
    const sent = await effects.apply(
      tx,
      ticket,
      actions,
      now,
      await effects.renderer(tx, ticket, ticket, now),
    );
    const lastSent = sent.at(-1);
    if (step.kind === "warn" && lastSent)
      await repo.saveStates(tx, [
        {
          companyId,
          ticketId,
          state: { ...state, inactiveWarnedMessageId: lastSent.id },
          handledMessageId: row.handledMessageId,
          timerAt: row.timerAt,
          timerToken: row.timerToken,
          dueAt: row.dueAt,
        },
      ]);
    const after = await repo.updateTicket(tx, companyId, ticketId, {
      ...(step.kind === "close" ? { status: "closed", closedAt: now } : {}),
      ...(lastSent ? { lastMessage: previewOfMessage(lastSent), updatedAt: now } : {}),
    });
    return { companyId, ticketId, sent, before: ticket, after: after ?? ticket };
  });
}
