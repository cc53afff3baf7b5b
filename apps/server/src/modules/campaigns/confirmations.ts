import { parseCampaignSettings, renderCampaignMessage } from "@inbox/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { fixedStatement } from "../../db/prepared.js";
import { campaignShippings, messages, tickets as ticketsTable } from "../../db/schema/index.js";
import { rowOf } from "../../db/tenant-scope.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import type { OutboundService } from "../messages/outbound-service.js";
import { type MessageRow, presentMessage } from "../messages/presenter.js";
import { previewOfMessage } from "../messages/preview.js";
import type { TicketRow } from "../tickets/presenter.js";
import { TicketsRepo } from "../tickets/repo.js";
import { presentDetail } from "../tickets/service.js";
import { presentCampaign } from "./presenter.js";
import { CampaignsRepo } from "./repo.js";

export interface CampaignConfirmationsDeps {
  db: Db;
  realtime: Realtime;
  events: TicketEvents;
  outbound: Pick<OutboundService, "rowOf" | "dispatch">;
}

/** A contact's answer that confirmed a campaign row: its confirmation message, sent after the commit. */
export interface Confirmation {
  companyId: number;
  campaignId: number;
  ticketId: number;
  message: MessageRow;
}

interface Awaiting {
  id: number;
  campaignId: number;
  contactId: number;
  whatsappId: number;
  messageId: number;
  variant: number | null;
  number: string;
  name: string;
  email: string;
  confirmationMessage: string;
}

/**
 * Campaign confirmation (docs/CAMPAIGNS.md): a campaign with confirmation on marks each row whose
 * variant has a confirmation message as awaiting it when the campaign message is stored
 * (confirmationRequestedAt). The contact's first message after that campaign message, on the same
 * connection, gets the variant's confirmation message and marks the row confirmed.
 *
 * It runs inside the automation runner's transaction (like the kanban rollback), which holds the
 * tickets' locks and reads each contact message once by its watermark, and the row is claimed by
 * `confirmed = false` in the same transaction that stores the message: a redelivered webhook, a
 * second process or a crash never sends the confirmation twice or loses it.
 */
export class CampaignConfirmations {
  private readonly tickets: TicketsRepo;
  private readonly campaigns: CampaignsRepo;

  constructor(private readonly deps: CampaignConfirmationsDeps) {
    this.tickets = new TicketsRepo(deps.db);
    this.campaigns = new CampaignsRepo(deps.db);
  }

  /**
   * These tickets' contacts wrote the run's `incoming` messages (by ticket, in id order). One
   * statement finds the rows awaiting these contacts (an index read on company and contact;
   * nothing for the usual contact who got no campaign).
   */
  async onContactMessages(
    tx: Tx,
    tickets: TicketRow[],
    incoming: ReadonlyMap<number, readonly { id: number }[]>,
    now: Date,
  ): Promise<Confirmation[]> {
    const eligible = tickets
      .filter((ticket) => ticket.whatsappId !== null && !ticket.isGroup)
      .map((ticket) => ({ ticket, lastIncoming: incoming.get(ticket.id)?.at(-1)?.id ?? 0 }));
    if (eligible.length === 0) return [];
    const result = await awaitingOf(tx, {
      companyIds: eligible.map((w) => w.ticket.companyId),
      contactIds: eligible.map((w) => w.ticket.contactId),
    });
    const awaiting = result.map((r) => ({
      ...r,
      id: Number(r.id),
      messageId: Number(r.messageId),
    }));
    const done: Confirmation[] = [];
    for (const { ticket, lastIncoming } of eligible) {
      // The newest campaign message of this contact on this connection that the answer came after.
      const row = awaiting.find(
        (a) =>
          a.contactId === ticket.contactId &&
          a.whatsappId === ticket.whatsappId &&
          a.messageId < lastIncoming,
      );
      if (!row?.confirmationMessage) continue;
      const confirmed = await this.confirm(tx, ticket, row, now);
      if (confirmed) done.push(confirmed);
    }
    return done;
  }

  /** After the commit: the messages go out, the ticket and the campaign's report hear of them. */
  async announce(confirmations: Confirmation[]): Promise<void> {
    if (confirmations.length === 0) return;
    this.deps.outbound.dispatch(confirmations.map((c) => c.message));
    const campaigns = new Map<string, { companyId: number; campaignId: number }>();
    for (const { companyId, campaignId, ticketId, message } of confirmations) {
      campaigns.set(`${companyId}:${campaignId}`, { companyId, campaignId });
      const detail = await this.tickets.findById(companyId, ticketId);
      if (detail) this.deps.events.messageCreated(companyId, presentDetail(detail), presentMessage(message));
    }
    for (const { companyId, campaignId } of campaigns.values()) {
      const row = await this.campaigns.view(companyId, campaignId);
      if (!row) continue;
      const counts = await this.campaigns.counts(companyId, [row]);
      this.deps.realtime.toCompany(companyId, "campaign", {
        action: "update",
        record: presentCampaign(row, counts.get(row.id), new Date()),
      });
    }
  }

  private async confirm(
    tx: Tx,
    ticket: TicketRow,
    row: Awaiting,
    now: Date,
  ): Promise<Confirmation | undefined> {
    const { companyId } = ticket;
    // The claim: only one run ever turns this row confirmed.
    const [claimed] = await tx
      .update(campaignShippings)
      .set({ confirmed: true, updatedAt: now })
      .where(and(rowOf(campaignShippings, companyId, row.id), eq(campaignShippings.confirmed, false)))
      .returning({ id: campaignShippings.id });
    if (!claimed) return undefined;
    const settings = parseCampaignSettings(await this.campaigns.settings(companyId, tx));
    const body = renderCampaignMessage(row.confirmationMessage, row, settings.variables);
    const [message] = await tx
      .insert(messages)
      .values(
        this.deps.outbound.rowOf({
          companyId,
          ticketId: ticket.id,
          contactId: ticket.contactId,
          whatsappId: row.whatsappId,
          body,
        }),
      )
      .returning();
    if (!message) throw new Error("confirmation message insert returned no row");
    await tx
      .update(campaignShippings)
      .set({ confirmationMessageId: message.id })
      .where(rowOf(campaignShippings, companyId, row.id));
    await tx
      .update(ticketsTable)
      .set({ lastMessage: previewOfMessage(message), updatedAt: now })
      .where(rowOf(ticketsTable, companyId, ticket.id));
    return { companyId, campaignId: row.campaignId, ticketId: ticket.id, message };
  }
}

/**
 * The rows awaiting these contacts' answers (CampaignConfirmations.onContactMessages), newest
 * first: prepared with its keys as two arrays, as it runs in every automation batch
 * (db/prepared.ts), each key an index read on company and contact.
 */
const awaitingOf = fixedStatement<Awaiting>(
  "campaign_confirmations_awaiting",
  () => sql`
    SELECT s.id, s.campaign_id AS "campaignId", s.contact_id AS "contactId", c.whatsapp_id AS "whatsappId",
           s.message_id AS "messageId", s.variant, s.number, s.name, s.email,
           CASE coalesce(s.variant, 1)
             WHEN 1 THEN c.confirmation_message1 WHEN 2 THEN c.confirmation_message2
             WHEN 3 THEN c.confirmation_message3 WHEN 4 THEN c.confirmation_message4
             ELSE c.confirmation_message5 END AS "confirmationMessage"
    FROM unnest(${sql.placeholder("companyIds")}::int[], ${sql.placeholder("contactIds")}::int[])
      AS k(company_id, contact_id)
    JOIN ${campaignShippings} s ON s.company_id = k.company_id AND s.contact_id = k.contact_id
    JOIN campaigns c ON c.company_id = s.company_id AND c.id = s.campaign_id
    WHERE s.confirmation_requested_at IS NOT NULL AND NOT s.confirmed AND s.message_id IS NOT NULL
      AND c.confirmation
    ORDER BY s.confirmation_requested_at DESC, s.id DESC`,
);
