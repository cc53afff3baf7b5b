import { basename } from "node:path";
import {
  type CampaignVariable,
  filledCampaignSlots,
  filledCampaignTemplateSlots,
  parseCampaignSettings,
  renderCampaignMessage,
} from "@inbox/shared";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  campaignShippings,
  campaigns,
  companies,
  contacts,
  messages,
  tickets,
} from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";
import type { Realtime } from "../../realtime/realtime.js";
import { attachmentKind, mimeTypeOf } from "../messages/media.js";
import type { NewOutbound, OutboundService } from "../messages/outbound-service.js";
import { previewOfMessage } from "../messages/preview.js";
import { TicketLifecycleRepo } from "../tickets/lifecycle-repo.js";
import { nextSendAt } from "./pacing.js";
import { presentCampaign } from "./presenter.js";
import { type CampaignRow, CampaignsRepo } from "./repo.js";

/** Queues the sender's next run at a time (jobs.ts); without it the minute sweep runs the campaign. */
export interface CampaignRunTimer {
  runAt(companyId: number, campaignId: number, at: Date): Promise<void>;
}

export interface CampaignSenderDeps {
  db: Db;
  realtime: Realtime;
  outbound: Pick<OutboundService, "rowOf" | "send">;
  logger: { warn(obj: object, msg: string): void };
  timer?: CampaignRunTimer;
  /** "Now" for starts and pacing (tests set it). */
  clock?: () => Date;
}

/** A row claimed by its stored message. */
export interface Claimed {
  shippingId: number;
  messageId: number;
}

export type Step =
  | { kind: "sent"; sent: Claimed[] }
  | { kind: "wait"; until: Date }
  | { kind: "finished" }
  | { kind: "stopped" };

/** Messages one run stores before it hands over to a new job (other campaigns get their turn). */
const MESSAGES_PER_RUN = 200;
/**
 * Messages one step stores at most, in one transaction, when the pace lets several go at once
 * (messageInterval 0): the campaign's lock, settings and connection are read once for them, and
 * they are then sent side by side.
 */
const MESSAGES_PER_STEP = 25;

/**
 * The campaign sender (docs/CAMPAIGNS.md):
 *
 * - start: PROGRAMADA at or after scheduledAt -> EM_ANDAMENTO, the audience expanded into one
 *   shipping row per contact (unique campaign + number), in one transaction.
 * - step: one transaction holding the campaign's row lock reads the status and the pacing state,
 *   takes the next unclaimed row (FOR UPDATE SKIP LOCKED), stores its outbound message and writes
 *   the message id on the row (the claim) and the pacing state on the campaign; no row left:
 *   FINALIZADA. A second process waits on the lock and then sees the new state: each row gets
 *   one message, and the pace holds across processes. A crash before the commit leaves nothing;
 *   after it, the message is stored and the outbound claim and sweeper send it once.
 * - run: steps while messages are due, then queues itself for the next due time.
 */
export class CampaignSender {
  private readonly repo: CampaignsRepo;
  private readonly lifecycle: TicketLifecycleRepo;

  constructor(private readonly deps: CampaignSenderDeps) {
    this.repo = new CampaignsRepo(deps.db);
    this.lifecycle = new TicketLifecycleRepo(deps.db);
  }

  /** Starts the campaign if it is PROGRAMADA and due; answers whether it is running afterwards. */
  async start(companyId: number, campaignId: number): Promise<boolean> {
    const started = await this.repo.transaction(async (tx) => {
      const campaign = await this.repo.lock(tx, companyId, campaignId);
      if (!campaign) return false;
      if (campaign.status === "EM_ANDAMENTO") return true;
      if (campaign.status !== "PROGRAMADA" || !campaign.scheduledAt) return false;
      if (campaign.scheduledAt.getTime() > this.now().getTime()) return false;
      const audienceTotal = await this.expand(tx, campaign);
      await this.repo.update(
        companyId,
        campaignId,
        { status: "EM_ANDAMENTO", startedAt: this.now(), audienceTotal },
        tx,
      );
      return "started" as const;
    });
    if (started === "started") await this.announce(companyId, campaignId);
    return Boolean(started);
  }

  /** Steps while messages are due; then the next run is queued at the next due time. */
  async run(companyId: number, campaignId: number): Promise<Step | undefined> {
    let last: Step | undefined;
    let sent = 0;
    while (sent < MESSAGES_PER_RUN) {
      last = await this.step(companyId, campaignId, MESSAGES_PER_STEP);
      if (last.kind !== "sent") break;
      sent += last.sent.length;
      await Promise.all(last.sent.map((claimed) => this.deliver(companyId, claimed)));
    }
    // The report's progress: once per run (a message per run at most paces of 5 s and more).
    if (sent > 0 || last?.kind === "finished") await this.announce(companyId, campaignId);
    const next = last?.kind === "wait" ? last.until : last?.kind === "sent" ? this.now() : undefined;
    if (next)
      await this.deps.timer
        ?.runAt(companyId, campaignId, next)
        .catch((err) => this.deps.logger.warn({ err, campaignId }, "campaign run not queued"));
    return last;
  }

  /**
   * One message if one is due, or up to `max` when the pace lets them go at once (see the class
   * comment): each row is claimed by its message in this one transaction.
   */
  async step(companyId: number, campaignId: number, max = 1): Promise<Step> {
    return this.repo.transaction(async (tx): Promise<Step> => {
      const campaign = await this.repo.lock(tx, companyId, campaignId);
      if (campaign?.status !== "EM_ANDAMENTO") return { kind: "stopped" };
      const now = this.now();
      const settings = parseCampaignSettings(await this.repo.settings(companyId, tx));
      const timeZone = await this.timeZone(tx, companyId);
      const rows = await tx
        .select()
        .from(campaignShippings)
        .where(
          ofCompany(
            campaignShippings,
            companyId,
            eq(campaignShippings.campaignId, campaignId),
            isNull(campaignShippings.messageId),
          ),
        )
        .orderBy(asc(campaignShippings.id))
        .limit(max)
        .for("update", { skipLocked: true });
      if (rows.length === 0) {
        await this.repo.update(companyId, campaignId, { status: "FINALIZADA", completedAt: now }, tx);
        return { kind: "finished" };
      }
      // The last message does not wait for the pace: a campaign with no row left ends now.
      const due = nextSendAt(now, settings, campaign, timeZone);
      if (due.getTime() > now.getTime()) return { kind: "wait", until: due };
      const connectionId = campaign.whatsappId;
      const connection = connectionId ? await this.repo.connection(companyId, connectionId, tx) : undefined;
      if (!connection) {
        // The connection was deleted: nothing can be sent; every row left fails and the campaign ends.
        await tx
          .update(campaignShippings)
          .set({ error: "ERR_NO_WAPP_FOUND", updatedAt: now })
          .where(
            ofCompany(
              campaignShippings,
              companyId,
              eq(campaignShippings.campaignId, campaignId),
              isNull(campaignShippings.messageId),
            ),
          );
        await this.repo.update(companyId, campaignId, { status: "FINALIZADA", completedAt: now }, tx);
        return { kind: "finished" };
      }
      const sent: Claimed[] = [];
      let pace = { lastSentAt: campaign.lastSentAt, sentCount: campaign.sentCount };
      for (const row of rows) {
        if (sent.length > 0 && nextSendAt(now, settings, pace, timeZone).getTime() > now.getTime()) break;
        const messageId = await this.claim(tx, campaign, connection, row, settings.variables, now);
        sent.push({ shippingId: row.id, messageId });
        pace = { lastSentAt: now, sentCount: pace.sentCount + 1 };
      }
      await tx
        .update(campaigns)
        .set({ lastSentAt: now, sentCount: sql`${campaigns.sentCount} + ${sent.length}` })
        .where(rowOf(campaigns, companyId, campaignId));
      return { kind: "sent", sent };
    });
  }

  /** Stores one row's message in its contact's ticket and writes its id on the row: the claim. */
  private async claim(
    tx: Tx,
    campaign: CampaignRow,
    connection: { id: number; channel: string },
    row: typeof campaignShippings.$inferSelect,
    variables: readonly CampaignVariable[],
    now: Date,
  ): Promise<number> {
    const { companyId } = campaign;
    const contactId = row.contactId ?? (await this.contactFor(tx, companyId, row));
    const ticketId = await this.ticketFor(tx, campaign, contactId, connection);
    // The variants: the slots with a template on a Cloud API connection, the slots with a text
    // elsewhere and on a Cloud API campaign stored without a template (the API never schedules one).
    const templated = connection.channel === "whatsappapi" ? filledCampaignTemplateSlots(campaign) : [];
    const slots = templated.length > 0 ? templated : filledCampaignSlots(campaign);
    const variant = slots.length > 0 ? (slots[row.id % slots.length] as number) : 1;
    const outbound: NewOutbound = {
      companyId,
      ticketId,
      contactId,
      whatsappId: connection.id,
      ...this.messageOf(campaign, connection, variant, row, variables),
    };
    if (campaign.mediaPath && !outbound.template) {
      const mimeType = mimeTypeOf(campaign.mediaPath);
      const kind = attachmentKind(mimeType) ?? { mediaType: "application", kind: "document" as const };
      Object.assign(outbound, {
        kind: kind.kind,
        mediaType: kind.mediaType,
        mediaUrl: campaign.mediaPath,
        mimeType,
        filename: campaign.mediaName ?? basename(campaign.mediaPath),
      });
    }
    const [message] = await tx.insert(messages).values(this.deps.outbound.rowOf(outbound)).returning();
    if (!message) throw new Error("campaign message insert returned no row");
    await tx
      .update(tickets)
      .set({ lastMessage: previewOfMessage(message), updatedAt: now })
      .where(rowOf(tickets, companyId, ticketId));
    // Confirmation on: the row awaits the contact's answer (confirmations.ts) when its variant has a
    // confirmation message to answer with.
    const awaitsAnswer =
      campaign.confirmation && Boolean(campaign[`confirmationMessage${variant}` as "confirmationMessage1"]);
    await tx
      .update(campaignShippings)
      .set({
        messageId: message.id,
        contactId,
        ticketId,
        variant,
        updatedAt: now,
        ...(awaitsAnswer ? { confirmationRequestedAt: now } : {}),
      })
      .where(rowOf(campaignShippings, companyId, row.id));
    return message.id;
  }

  /**
   * What one contact gets: on a Cloud API connection, the variant's template with each of its
   * parameters rendered for the contact (the stored body is the template's text filled in, what the
   * contact reads); otherwise the variant's free text.
   */
  private messageOf(
    campaign: CampaignRow,
    connection: { channel: string },
    variant: number,
    row: { number: string; name: string; email: string },
    variables: readonly CampaignVariable[],
  ): Pick<NewOutbound, "body" | "kind" | "mediaType" | "template"> {
    const template = campaign.templates?.[variant - 1];
    if (connection.channel === "whatsappapi" && template) {
      // Meta refuses an empty parameter: a variable that renders to nothing is sent as a dash.
      const parameters = template.variables.map(
        (v) => renderCampaignMessage(v, row, variables).trim() || "-",
      );
      const filled = (template.body ?? "").replace(
        /\{\{\s*(\d+)\s*\}\}/g,
        (whole, n: string) => parameters[Number(n) - 1] ?? whole,
      );
      return {
        kind: "template",
        mediaType: "template",
        body: filled || `[${template.name}] ${parameters.join(" · ")}`.trim(),
        template: { name: template.name, language: template.language, parameters },
      };
    }
    const text = campaign[`message${variant}` as "message1"] ?? "";
    return { body: renderCampaignMessage(text, row, variables) };
  }

  /** Every campaign due to start, and every running one (a lost job, a process that died). */
  async sweep(limit = 100): Promise<number> {
    const now = this.now();
    const due = await this.deps.db
      .select({ companyId: campaigns.companyId, id: campaigns.id, status: campaigns.status })
      .from(campaigns)
      .where(
        sql`(${campaigns.status} = 'PROGRAMADA' AND ${campaigns.scheduledAt} <= ${now}) OR ${campaigns.status} = 'EM_ANDAMENTO'`,
      )
      .orderBy(asc(campaigns.id))
      .limit(limit);
    for (const campaign of due) {
      try {
        if (campaign.status === "PROGRAMADA" && !(await this.start(campaign.companyId, campaign.id)))
          continue;
        await this.run(campaign.companyId, campaign.id);
      } catch (err) {
        this.deps.logger.warn({ err, campaignId: campaign.id }, "campaign run failed");
      }
    }
    return due.length;
  }

  /** Sends the stored message (the outbound claim sends it once) and records the outcome on the row. */
  private async deliver(companyId: number, step: Claimed): Promise<void> {
    await this.deps.outbound.send(companyId, step.messageId).catch(() => {});
    const [message] = await this.deps.db
      .select({ providerMessageId: messages.providerMessageId, sendError: messages.sendError })
      .from(messages)
      .where(rowOf(messages, companyId, step.messageId));
    if (!message?.providerMessageId && !message?.sendError) return; // retried by the outbound sweeper
    await this.deps.db
      .update(campaignShippings)
      .set(
        message.providerMessageId
          ? { deliveredAt: this.now(), updatedAt: new Date() }
          : { error: message.sendError, updatedAt: new Date() },
      )
      .where(rowOf(campaignShippings, companyId, step.shippingId));
  }

  /**
   * The audience as shipping rows: a list's items WhatsApp did not refuse, or the tag's WhatsApp
   * contacts (not groups). A number already there (a repeated start) adds nothing. Answers the
   * audience's size, valid or not.
   */
  private async expand(tx: Tx, campaign: CampaignRow): Promise<number> {
    const { companyId, id } = campaign;
    if (campaign.contactListId) {
      await tx.execute(sql`
        INSERT INTO campaign_shippings (company_id, campaign_id, number, name, email)
        SELECT i.company_id, ${id}, i.number, i.name, i.email FROM contact_list_items i
        WHERE i.company_id = ${companyId} AND i.contact_list_id = ${campaign.contactListId}
          AND i.is_whatsapp_valid IS NOT FALSE
        ORDER BY i.id
        ON CONFLICT (campaign_id, number) DO NOTHING`);
    } else if (campaign.tagListId) {
      await tx.execute(sql`
        INSERT INTO campaign_shippings (company_id, campaign_id, number, name, email, contact_id)
        SELECT c.company_id, ${id}, c.number, c.name, c.email, c.id FROM contact_tags ct
        JOIN contacts c ON c.company_id = ct.company_id AND c.id = ct.contact_id
        WHERE ct.company_id = ${companyId} AND ct.tag_id = ${campaign.tagListId}
          AND c.channel = 'whatsapp' AND NOT c.is_group
        ORDER BY c.id
        ON CONFLICT (campaign_id, number) DO NOTHING`);
    }
    const size = await this.repo.audienceSize(companyId, campaign, tx);
    return size.contacts;
  }

  /** The WhatsApp contact of a list item's number (made when the company does not have it yet). */
  private async contactFor(
    tx: Tx,
    companyId: number,
    row: { number: string; name: string; email: string },
  ): Promise<number> {
    const [contact] = await tx
      .insert(contacts)
      .values({
        companyId,
        channel: "whatsapp",
        number: row.number,
        name: row.name || row.number,
        email: row.email,
      })
      .onConflictDoUpdate({
        target: [contacts.companyId, contacts.channel, contacts.number],
        set: { updatedAt: sql`${contacts.updatedAt}` },
      })
      .returning({ id: contacts.id });
    if (!contact) throw new Error("campaign contact upsert returned no row");
    return contact.id;
  }

  /**
   * The ticket the message is stored in: the contact's live ticket on the connection, else a new
   * one. openTicket enabled: held by the campaign's user and queue, with statusTicket; disabled: a
   * closed ticket (the message is in the history; the contact's answer reopens or opens as usual).
   */
  private async ticketFor(
    tx: Tx,
    campaign: CampaignRow,
    contactId: number,
    connection: { id: number; channel: string },
  ): Promise<number> {
    const { companyId } = campaign;
    const open = await this.lifecycle.openTicket(tx, companyId, contactId, connection.id);
    if (open) return open.id;
    const enabled = campaign.openTicket === "enabled";
    const userId = enabled ? campaign.userId : null;
    const inserted = await this.lifecycle.insertTicket(tx, {
      companyId,
      contactId,
      whatsappId: connection.id,
      userId,
      queueId: enabled ? campaign.queueId : null,
      channel: connection.channel,
      status: enabled ? campaign.statusTicket : "closed",
    });
    if (inserted) {
      await this.lifecycle.log(tx, {
        companyId,
        ticketId: inserted.id,
        type: "create",
        userId,
        queueId: inserted.queueId,
      });
      return inserted.id;
    }
    const winner = await this.lifecycle.openTicket(tx, companyId, contactId, connection.id);
    if (!winner) throw new Error("no ticket for the campaign message");
    return winner.id;
  }

  private async timeZone(tx: Tx, companyId: number): Promise<string> {
    const [row] = await tx
      .select({ timeZone: companies.timezone })
      .from(companies)
      .where(and(eq(companies.id, companyId)));
    return row?.timeZone ?? "America/Sao_Paulo";
  }

  private async announce(companyId: number, campaignId: number): Promise<void> {
    const row = await this.repo.view(companyId, campaignId);
    if (!row) return;
    const counts = await this.repo.counts(companyId, [row]);
    this.deps.realtime.toCompany(companyId, "campaign", {
      action: "update",
      record: presentCampaign(row, counts.get(row.id), this.now()),
    });
  }

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }
}
