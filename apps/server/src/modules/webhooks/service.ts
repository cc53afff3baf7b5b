import { parseMessengerWebhook } from "../../channels/facebook/parse.js";
import type { ConnectionEvents, InboundSink } from "../../channels/types.js";
import { parseCloudApiWebhook } from "../../channels/whatsappapi/parse.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import { UnknownMessageError } from "../../ingest/service.js";
import { TtlCache } from "../../ingest/ttl-cache.js";
import { type ConnectionRow, type DeliveryRow, WebhooksRepo } from "./repo.js";
import { sameSecret, validSignature } from "./signature.js";

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** After this many failed attempts a delivery stays for a person to look at. */
const MAX_ATTEMPTS = 20;

/**
 * Meta webhooks: verify, store, answer, then process. The stored row is the
 * durability: a crash after the 200 leaves it unprocessed and the sweeper
 * (and every boot) processes it again; ingest is idempotent.
 */
export class WebhooksService {
  private readonly repo: WebhooksRepo;
  /** The webhook path reads the connection for every delivery: cached for a few seconds. */
  private readonly byKey = new TtlCache<string, ConnectionRow>(5_000);
  private readonly byAccount = new TtlCache<string, ConnectionRow>(5_000);

  /** Deliveries queued or being processed in memory. */
  private inFlight = 0;

  constructor(private readonly deps: { db: Db; sink: InboundSink; logger: Logger; maxInFlight: number }) {
    this.repo = new WebhooksRepo(deps.db);
  }

  async handshake(
    key: string,
    query: { mode?: string; token?: string; challenge?: string },
  ): Promise<string> {
    const connection = await this.repo.connectionByKey(key);
    if (
      !connection ||
      query.mode !== "subscribe" ||
      !query.token ||
      !sameSecret(query.token, connection.verifyToken)
    ) {
      throw new AppError("ERR_NO_PERMISSION", { message: "Verification failed" });
    }
    return query.challenge ?? "";
  }

  /** Verifies the signature over the raw bytes before anything is parsed; answers the stored delivery id. */
  async accept(
    key: string,
    rawBody: Buffer,
    signature: string | undefined,
    ip: string,
  ): Promise<{
    deliveryId: number;
    connectionId: number;
    delivery: Pick<DeliveryRow, "companyId" | "channel" | "body">;
  }> {
    const connection = await this.byKey.get(key, () => this.repo.connectionByKey(key));
    if (!connection) throw new AppError("ERR_NOT_FOUND");
    if (!validSignature(rawBody, signature, connection.appSecret)) {
      this.deps.logger.warn(
        { connectionId: connection.id, ip, signed: Boolean(signature) },
        "webhook refused: bad or missing signature",
      );
      throw new AppError("ERR_NO_PERMISSION", { status: 401, message: "Invalid signature" });
    }
    const body = rawBody.toString("utf8");
    let deliveryId: number;
    try {
      deliveryId = await this.repo.store(connection, body);
    } catch (error) {
      // Deleted within the cache's few seconds: the connection is gone.
      if (isForeignKeyViolation(error)) {
        this.byKey.delete(key);
        throw new AppError("ERR_NOT_FOUND");
      }
      throw error;
    }
    return {
      deliveryId,
      connectionId: connection.id,
      delivery: { companyId: connection.companyId, channel: connection.channel, body },
    };
  }

  /** Per connection, the tail of the deliveries being processed: they run one after another, in arrival order. */
  private readonly lanes = new Map<number, Promise<void>>();

  /** Queues a just-accepted delivery behind the others of its connection. */
  enqueue(
    connectionId: number,
    deliveryId: number,
    delivery?: Pick<DeliveryRow, "companyId" | "channel" | "body">,
  ): Promise<void> {
    // Overloaded: the delivery is already stored; the sweeper takes it, so memory stays bounded.
    if (this.inFlight >= this.deps.maxInFlight) return Promise.resolve();
    this.inFlight += 1;
    const previous = this.lanes.get(connectionId) ?? Promise.resolve();
    const next = previous
      .then(() => this.process(deliveryId, delivery))
      .finally(() => {
        this.inFlight -= 1;
      });
    this.lanes.set(connectionId, next);
    void next.finally(() => {
      if (this.lanes.get(connectionId) === next) this.lanes.delete(connectionId);
    });
    return next;
  }

  /** Processes one stored delivery; safe to call again for the same id. */
  async process(
    deliveryId: number,
    accepted?: Pick<DeliveryRow, "companyId" | "channel" | "body">,
  ): Promise<void> {
    // Just accepted: the body is in hand. From the sweeper: read it, unless another run finished it.
    if (this.stopped) return;
    const delivery = accepted ?? (await this.repo.find(deliveryId));
    if (!delivery || ("processedAt" in delivery && delivery.processedAt)) return;
    try {
      const groups = parse(delivery.channel, delivery.body);
      for (const group of groups) {
        const connection = await this.byAccount.get(
          `${delivery.companyId}:${group.channel}:${group.accountId}`,
          () => this.repo.connectionByAccount(delivery.companyId, group.channel, group.accountId),
        );
        if (!connection) {
          this.deps.logger.warn(
            { deliveryId, accountId: group.accountId },
            "webhook names an account that is not ours",
          );
          continue;
        }
        await this.deps.sink.deliver(connection, group.events);
      }
      this.markProcessed(deliveryId);
    } catch (error) {
      // Recording the failure can fail too (shutting down, database gone): the row stays unprocessed either way.
      await this.repo.markFailed(deliveryId, (error as Error).message).catch(() => {});
      if (!(error instanceof UnknownMessageError))
        this.deps.logger.error({ err: error, deliveryId }, "webhook processing failed");
    }
  }

  /**
   * Processed marks are written in batches (one UPDATE per ~50 ms instead of
   * one per delivery). A crash before the flush only means a reprocess, which
   * changes nothing.
   */
  private processed: number[] = [];
  private flushTimer?: NodeJS.Timeout;

  private markProcessed(id: number): void {
    this.processed.push(id);
    this.flushTimer ??= setTimeout(() => void this.flush(), 50);
  }

  private stopped = false;

  /**
   * Shutdown, before the database closes: waits up to `timeoutMs` for the
   * deliveries being processed, then stops taking queued ones. Those stay
   * stored unprocessed, and the next boot processes them.
   */
  async drain(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.lanes.size > 0 && Date.now() < deadline) {
      await Promise.race([
        Promise.allSettled([...this.lanes.values()]),
        new Promise((r) => setTimeout(r, 100)),
      ]);
    }
    this.stopped = true;
    await this.flush();
  }

  async flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const ids = this.processed.splice(0);
    try {
      await this.repo.markProcessed(ids);
    } catch (err) {
      this.deps.logger.error(
        { err, count: ids.length },
        "marking deliveries processed failed; the sweeper will reprocess them",
      );
    }
  }

  /** Reprocesses what a crash or a failure left behind. */
  async sweep(olderThanMs: number, limit = 500): Promise<number> {
    const ids = await this.repo.pending(new Date(Date.now() - olderThanMs), MAX_ATTEMPTS, limit);
    for (const id of ids) await this.process(id);
    await this.flush();
    return ids.length;
  }
}

function parse(channel: string, body: string): ConnectionEvents[] {
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return [];
  }
  return channel === "whatsappapi" ? parseCloudApiWebhook(payload) : parseMessengerWebhook(payload);
}

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === "23503" || e.cause?.code === "23503";
}
