import {
  MESSAGES_API_IDEMPOTENCY_HOURS,
  MESSAGES_API_RATE_PER_MINUTE,
  type MessagesApiAnswer,
  type MessagesApiSendInput,
} from "@inbox/shared";
import type { RateLimiter } from "../../auth/rate-limiter.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { PlanFeatures } from "../../http/plan-gate.js";
import { companyExpired, subscriptionExpiredError } from "../../http/subscription-gate.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import { fileFacts, type Storage } from "../../storage/storage.js";
import { attachmentKind } from "../messages/media.js";
import type { Upload } from "../messages/message-files.js";
import type { NewOutbound, OutboundService } from "../messages/outbound-service.js";
import { type MessageRow, presentMessage } from "../messages/presenter.js";
import { signedBody } from "../messages/signature.js";
import type { PhoneCountries } from "../settings/phone-country.js";
import { TicketsRepo } from "../tickets/repo.js";
import { presentDetail } from "../tickets/service.js";
import { type ApiConnection, MessagesApiRepo } from "./repo.js";

export interface MessagesApiDeps {
  db: Db;
  outbound: Pick<OutboundService, "rowOf" | "dispatch">;
  events: TicketEvents;
  storage: Storage;
  planFeatures: Pick<PlanFeatures, "require">;
  /** A limiter with a 60-second window: MESSAGES_API_RATE_PER_MINUTE sends per connection token. */
  rateLimiter: Pick<RateLimiter, "hit">;
  /** The company's phoneDefaultCountry: `number` is read in it and stored as E.164 digits. */
  phones: Pick<PhoneCountries, "e164">;
}

const SENT = "Mensagem enviada";

/**
 * POST /api/messages/send (spec 3 sections 5 and 7; docs/MESSAGES-API.md): an outside system sends
 * a text or files to a number through the connection whose token it holds. The messages are stored
 * in the contact's ticket on that connection (made when there is none) in one transaction, then
 * sent by the outbound path like an attendant's: stored first, so a crash after the answer still
 * sends them. An `Idempotency-Key` is stored in that transaction too: a retry with it answers the
 * first send and stores nothing.
 */
export class MessagesApiService {
  private readonly repo: MessagesApiRepo;
  private readonly tickets: TicketsRepo;

  constructor(private readonly deps: MessagesApiDeps) {
    this.repo = new MessagesApiRepo(deps.db);
    this.tickets = new TicketsRepo(deps.db);
  }

  /** The connection a bearer token names; checks the plan flag and the rate limit. */
  async authorize(token: string | undefined): Promise<ApiConnection> {
    const connection = token ? await this.repo.connectionOfToken(token) : undefined;
    if (!connection) throw new AppError("ERR_INVALID_API_TOKEN");
    // The expiry rule of every private route: an expired company sends nothing until it pays.
    if (companyExpired(connection.companyId, connection.dueDate)) throw subscriptionExpiredError();
    await this.deps.planFeatures.require(connection.companyId, "useExternalApi");
    await this.deps.rateLimiter.hit(`messages-api:${connection.id}`, MESSAGES_API_RATE_PER_MINUTE);
    if (connection.channel !== "whatsapp" && connection.channel !== "whatsappapi") {
      throw new AppError("ERR_VALIDATION", {
        field: "token",
        message: "The Messages API sends through WhatsApp connections only",
      });
    }
    return connection;
  }

  async send(
    connection: ApiConnection,
    input: MessagesApiSendInput,
    files: Upload[],
    idempotencyKey: string | undefined,
  ): Promise<MessagesApiAnswer> {
    const { companyId } = connection;
    const key = idempotencyKey?.trim().slice(0, 255) || undefined;
    if (key) {
      const earlier = await this.repo.keyAnswer(
        companyId,
        connection.id,
        key,
        MESSAGES_API_IDEMPOTENCY_HOURS,
      );
      if (earlier) return { message: SENT, ...earlier };
    }
    const body = input.body.trim();
    if (!body && files.length === 0)
      throw new AppError("ERR_VALIDATION", { field: "body", message: "Required" });
    const number = await this.deps.phones.e164(companyId, input.number);
    const user = input.userId ? await this.repo.user(companyId, input.userId) : undefined;
    if (input.userId && !user)
      throw new AppError("ERR_VALIDATION", { field: "userId", message: "Unknown user" });
    if (input.queueId && !(await this.repo.queueExists(companyId, input.queueId)))
      throw new AppError("ERR_VALIDATION", { field: "queueId", message: "Unknown queue" });
    const text = input.sendSignature && user ? signedBody(body, user.name) : body;

    // Files first (typed from their bytes): a refused file stops the send before anything is stored.
    const media: Omit<NewOutbound, "companyId" | "ticketId" | "contactId" | "whatsappId">[] = [];
    for (const [i, file] of files.entries()) {
      const saved = await this.deps.storage.save(companyId, "media", {
        bytes: file.bytes,
        name: file.filename,
        declaredType: file.mimeType,
        use: "media",
      });
      const kind = attachmentKind(saved.mimeType);
      if (!kind) throw new AppError("ERR_VALIDATION", { field: "medias", message: "Unsupported file type" });
      media.push({
        ...kind,
        mediaUrl: saved.path,
        mimeType: saved.mimeType,
        filename: saved.name,
        ...fileFacts(saved),
        // The body captions the first file (spec 3: the media form's body), never an audio.
        body: i === 0 && kind.kind !== "audio" ? text : "",
      });
    }
    const messages = media.length > 0 ? media : [{ body: text }];

    const outcome = await this.repo.store(
      { connection, number, user, queueId: input.queueId ?? null, closeTicket: input.closeTicket, key },
      (ticket) =>
        messages.map((m) =>
          this.deps.outbound.rowOf({
            ...m,
            companyId,
            ticketId: ticket.id,
            contactId: ticket.contactId,
            whatsappId: connection.id,
            userId: user?.id ?? null,
          }),
        ),
    );
    if ("earlier" in outcome) return { message: SENT, ...outcome.earlier };
    await this.announce(companyId, outcome.ticketId, outcome.rows, outcome.before);
    return { message: SENT, ticketId: outcome.ticketId, messageIds: outcome.rows.map((r) => r.id) };
  }

  private async announce(
    companyId: number,
    ticketId: number,
    rows: MessageRow[],
    before: Parameters<TicketEvents["ticketChanged"]>[3],
  ): Promise<void> {
    this.deps.outbound.dispatch(rows);
    const detail = await this.tickets.findById(companyId, ticketId);
    if (!detail) return;
    const dto = presentDetail(detail);
    for (const row of rows) this.deps.events.messageCreated(companyId, dto, presentMessage(row));
    this.deps.events.ticketChanged(companyId, dto, before ? "update" : "create", before);
  }
}
