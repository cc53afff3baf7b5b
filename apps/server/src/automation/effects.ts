import { renderMessageVariables } from "@inbox/shared";
import type { Tx } from "../db/client.js";
import { messages } from "../db/schema/index.js";
import { attachmentKind } from "../modules/messages/media.js";
import type { NewOutbound, OutboundService } from "../modules/messages/outbound-service.js";
import type { MessageRow } from "../modules/messages/presenter.js";
import type { TicketRow } from "../modules/tickets/presenter.js";
import type { BotAction } from "./machine-types.js";
import type { AutomationRepo } from "./repo.js";

/**
 * What the machine's actions do to the database inside a run's transaction:
 * the bot's messages stored as outbound rows (sent after the commit), the
 * ticket's log entries, the contact's consent and out-of-hours mark, ratings.
 */
export class BotEffects {
  constructor(
    private readonly repo: AutomationRepo,
    private readonly outbound: Pick<OutboundService, "rowOf">,
    private readonly logger: { info(obj: object, msg: string): void },
  ) {}

  /** The bot's texts take the message variables ({{firstName}}, {{queue}}, {{ms}}…) as the lifecycle's do. */
  async renderer(
    tx: Tx,
    ticket: TicketRow,
    facts: { queueId: number | null; userId: number | null },
    now: Date,
  ): Promise<(text: string) => string> {
    const found = await this.repo.messageFacts(tx, ticket.companyId, {
      contactId: ticket.contactId,
      userId: facts.userId,
      queueId: facts.queueId,
      whatsappId: ticket.whatsappId,
    });
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
  ): Promise<MessageRow[]> {
    const { companyId, id: ticketId } = ticket;
    const sent: MessageRow[] = [];
    for (const action of actions) {
      switch (action.type) {
        case "send":
          sent.push(...(await this.storeBotMessage(tx, ticket, render(action.body))));
          break;
        case "enterQueue":
          await this.repo.log(tx, {
            companyId,
            ticketId,
            type: "queue",
            userId: null,
            queueId: action.queueId,
          });
          break;
        case "assign":
          await this.repo.log(tx, {
            companyId,
            ticketId,
            type: "open",
            userId: action.userId,
            queueId: null,
          });
          break;
        case "close":
          // A rating wait was logged closed by the user who resolved it.
          if (ticket.status !== "nps")
            await this.repo.log(tx, { companyId, ticketId, type: "closed", userId: null, queueId: null });
          break;
        case "tellPosition": {
          const position = await this.repo.queuePosition(tx, companyId, action.queueId, ticketId);
          sent.push(...(await this.storeBotMessage(tx, ticket, `${render(action.message)} *${position}*`)));
          break;
        }
        case "sendGreetingMedia": {
          if (ticket.whatsappId === null) break;
          const media = await this.repo.greetingMedia(tx, companyId, ticket.whatsappId);
          const kind = media ? attachmentKind(media.type) : undefined;
          if (media && kind)
            sent.push(
              ...(await this.storeBotMessage(tx, ticket, "", {
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
          sent.push(...(await this.sendFileList(tx, ticket, action.fileListId, render)));
          break;
        case "handOver":
          // Integrations are a later issue: the choice is recorded, nothing is sent.
          this.logger.info({ companyId, ticketId, action }, "automation seam reached; not built yet");
          break;
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
  ): Promise<MessageRow[]> {
    if (fileListId === null) return [];
    const list = await this.repo.fileList(tx, ticket.companyId, fileListId);
    if (!list) return [];
    const sent: MessageRow[] = [];
    const message = render(list.message).trim();
    if (message) sent.push(...(await this.storeBotMessage(tx, ticket, message)));
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
        )),
      );
    }
    return sent;
  }

  /** A bot message: an outbound row (ack 0, no user, sentBy bot) the outbound path sends after the commit. */
  private async storeBotMessage(
    tx: Tx,
    ticket: TicketRow,
    body: string,
    media: Pick<NewOutbound, "kind" | "mediaType" | "mediaUrl" | "mimeType" | "filename"> = {},
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
    return tx
      .insert(messages)
      .values({ ...row, extra: { ...row.extra, sentBy: "bot" } })
      .returning();
  }
}
