import { parseMessengerWebhook } from "../../channels/facebook/parse.js";
import type { ConnectionEvents, InboundSink, PreparedDeliveries, SinkEvents } from "../../channels/types.js";
import { parseCloudApiWebhook } from "../../channels/whatsappapi/parse.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import { UnknownMessageError } from "../../ingest/connection.js";
import { TtlCache } from "../../ingest/ttl-cache.js";
import { settledWithin } from "../../shutdown-wait.js";
import { type DeliveryRow, type WebhookConnection, WebhooksRepo } from "./repo.js";
import { sameSecret, validSignature } from "./signature.js";
import { WaitingForSends } from "./waiting-for-sends.js";
import { DeliveryWriter } from "./writer.js";

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** After this many failed attempts a delivery stays for a person to look at. */
const MAX_ATTEMPTS = 20;
/** Deliveries processed together; bounds a batch's statement sizes and its latency. */
const BATCH_SIZE = 200;

/**
 * A stored delivery, as processing needs it. One just accepted carries the body already parsed
 * (`payload`), so the loop does not parse it again; one read back from the table has only `body`.
 */
export type Delivery = Pick<DeliveryRow, "id" | "companyId" | "whatsappId" | "channel" | "body"> & {
  payload?: object;
};

/** A batch whose preparation is under way: its answer, or the error that stopped it. */
interface Preparing {
  batch: Delivery[];
  prepared: Promise<PreparedDeliveries | Error>;
}

/**
 * Meta webhooks: verify, store, answer, then process. The stored row is the
 * durability: a crash after the 200 leaves it in place and the sweeper
 * (and every boot) processes it again; ingest is idempotent. Processed, it
 * is deleted (db/schema/deliveries.ts).
 */
export class WebhooksService {
  private readonly repo: WebhooksRepo;
  /** The webhook path reads the connection for every delivery: cached for a few seconds. */
  private readonly byKey = new TtlCache<string, WebhookConnection>(5_000);
  private readonly byAccount = new TtlCache<string, { id: number; companyId: number }>(5_000);

  /** Deliveries queued or being processed in memory. */
  private inFlight = 0;

  /** Stores accepted deliveries in groups: one INSERT for all the webhooks that arrived meanwhile. */
  private readonly writer: DeliveryWriter;

  constructor(private readonly deps: { db: Db; sink: InboundSink; logger: Logger; maxInFlight: number }) {
    this.repo = new WebhooksRepo(deps.db);
    this.writer = new DeliveryWriter(this.repo);
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

  /**
   * Verifies the signature over the raw bytes before anything is parsed;
   * answers the stored delivery, or nothing when the payload is of another
   * channel (logged, answered 200, not kept).
   */
  async accept(
    key: string,
    rawBody: Buffer,
    signature: string | undefined,
    ip: string,
  ): Promise<Delivery | undefined> {
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
    const payload = jsonObject(body);
    if (payload === undefined) {
      this.deps.logger.warn(
        { connectionId: connection.id, ip, bytes: rawBody.length },
        "webhook refused: the signed body is not a JSON object",
      );
      throw new AppError("ERR_VALIDATION", { status: 400, message: "The body must be a JSON object" });
    }
    const object = typeof payload.object === "string" ? payload.object : null;
    if (!OBJECTS[connection.channel]?.includes(object ?? "")) {
      // Meta retries what is not answered 200: it is answered, logged, and not kept (nothing would read it).
      this.deps.logger.warn(
        { connectionId: connection.id, channel: connection.channel, object },
        "webhook ignored: its object type belongs to another channel",
      );
      return undefined;
    }
    const delivery = {
      companyId: connection.companyId,
      whatsappId: connection.id,
      channel: connection.channel,
      body,
    };
    try {
      return { id: await this.writer.store(delivery), ...delivery, payload };
    } catch (error) {
      // Deleted within the cache's few seconds: the connection is gone.
      if (isForeignKeyViolation(error)) {
        this.byKey.delete(key);
        throw new AppError("ERR_NOT_FOUND");
      }
      throw error;
    }
  }

  /**
   * The app-level callback (`POST /webhooks/meta`): one URL for every page,
   * Instagram account and phone number of the platform's Meta app. The
   * signature is checked with the platform's app secret; the payload is split
   * by account (a page's or IG account's entries, a phone number's changes)
   * and stored as one delivery per connection those accounts name, all before
   * the answer. From there each delivery follows the per-connection path:
   * same loop, same order, same idempotent ingest.
   */
  async acceptApp(
    rawBody: Buffer,
    signature: string | undefined,
    ip: string,
    app: { secret?: string },
  ): Promise<Delivery[]> {
    if (!app.secret) throw new AppError("ERR_NOT_FOUND", { message: "No platform Meta app is configured" });
    if (!validSignature(rawBody, signature, app.secret)) {
      this.deps.logger.warn(
        { ip, signed: Boolean(signature) },
        "app webhook refused: bad or missing signature",
      );
      throw new AppError("ERR_NO_PERMISSION", { status: 401, message: "Invalid signature" });
    }
    const payload = jsonObject(rawBody.toString("utf8"));
    if (payload === undefined) {
      this.deps.logger.warn(
        { ip, bytes: rawBody.length },
        "app webhook refused: the signed body is not a JSON object",
      );
      throw new AppError("ERR_VALIDATION", { status: 400, message: "The body must be a JSON object" });
    }
    const envelope = payload as { object?: unknown; entry?: unknown };
    const channel = APP_OBJECTS[String(envelope.object)];
    if (!channel) {
      this.deps.logger.warn(
        { object: envelope.object },
        "app webhook ignored: an object type no channel takes",
      );
      return [];
    }
    const parts = splitByAccount(channel, envelope.entry);
    const connections = await Promise.all(
      [...parts.keys()].map((accountId) =>
        this.byAppAccount.get(`${channel}:${accountId}`, () =>
          this.repo.connectionsByAccounts(channel, [accountId], app.secret as string),
        ),
      ),
    );
    const stored: Promise<Delivery>[] = [];
    for (const [i, [accountId, entries]] of [...parts].entries()) {
      const targets = connections[i] ?? [];
      if (targets.length === 0) {
        this.deps.logger.warn(
          { channel, accountId },
          "app webhook names an account no connection of the app has",
        );
        continue;
      }
      const body = JSON.stringify({ object: envelope.object, entry: entries });
      for (const target of targets) {
        const delivery = {
          companyId: target.companyId,
          whatsappId: target.id,
          channel: target.channel,
          body,
        };
        stored.push(this.writer.store(delivery).then((id) => ({ id, ...delivery })));
      }
    }
    return Promise.all(stored);
  }

  /** The app-level callback's account -> connections lookups, cached like the per-connection keys. */
  private readonly byAppAccount = new TtlCache<
    string,
    Awaited<ReturnType<WebhooksRepo["connectionsByAccounts"]>>
  >(5_000);

  /**
   * Accepted deliveries waiting to be processed, in arrival order. One loop
   * takes them in batches, so each connection's deliveries are processed in
   * order, and a batch costs a handful of statements whatever its size.
   */
  private queue: Delivery[] = [];
  private running?: Promise<void>;

  /**
   * Overload: once memory is full, deliveries stay only in the database (the
   * backlog) and every later one joins them, so a connection's order holds.
   * As soon as the queue is empty the loop reads the backlog back in id order,
   * page by page, and returns to memory when it has caught up. Latency grows
   * under overload, but nothing waits for the minute sweeper.
   */
  private backlog?: { after: number; version: number };

  /** Resolves when the processing loop has nothing left to do. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Deliveries held in memory right now (bounded by WEBHOOK_MAX_IN_FLIGHT). */
  get queued(): number {
    return this.inFlight;
  }

  /** Queues a just-accepted delivery; answers when the loop has nothing left to do. */
  enqueue(delivery: Delivery): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.backlog || this.inFlight >= this.deps.maxInFlight) {
      this.backlog ??= { after: delivery.id - 1, version: 0 };
      this.backlog.version += 1;
    } else {
      this.inFlight += 1;
      this.queue.push(delivery);
    }
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * The loop. An in-memory batch is prepared (its messages' contacts and tickets resolved) while
   * the batch before it commits (its messages stored): the two wait on the database side by side,
   * so the loop keeps up with more per second, and commits still run one at a time, in order.
   */
  private async run(): Promise<void> {
    let ahead: Preparing | undefined;
    while (!this.stopped) {
      if (ahead || this.queue.length > 0) {
        const current = ahead ?? this.prepare(this.queue.splice(0, BATCH_SIZE));
        ahead = undefined;
        try {
          const prepared = await current.prepared;
          if (this.queue.length > 0) ahead = this.prepare(this.queue.splice(0, BATCH_SIZE));
          await this.commit(current.batch, prepared);
        } finally {
          this.inFlight -= current.batch.length;
        }
      } else if (this.backlog) {
        const backlog = this.backlog;
        const seen = backlog.version;
        const page = await this.repo.unprocessedAfter(backlog.after, BATCH_SIZE);
        if (page.length > 0) {
          backlog.after = page.at(-1)?.id ?? backlog.after;
          await this.processBatch(page);
          await this.flush();
        } else if (seen === backlog.version) {
          // Caught up, and nothing joined the backlog while we looked: back to memory.
          this.backlog = undefined;
        }
      } else {
        return;
      }
    }
    // Stopped with a batch prepared and not committed: it stays stored, and the next boot processes it.
    if (ahead) {
      await ahead.prepared;
      this.inFlight -= ahead.batch.length;
    }
  }

  /**
   * Processes stored deliveries; safe to run again for the same ones. When the
   * batch as a whole fails (one bad delivery, a deadlock), each delivery is
   * retried alone, so only the bad one is marked failed.
   */
  private async processBatch(batch: Delivery[]): Promise<void> {
    await this.commit(batch, await this.prepare(batch).prepared);
  }

  /** The batch's events read and its messages placed (InboundSink.prepareMany); a failure is kept for `commit`. */
  private prepare(batch: Delivery[]): Preparing {
    const prepared = (async () => {
      const events = [];
      for (const delivery of batch) events.push(await this.eventsOf(delivery));
      return this.deps.sink.prepareMany(events);
    })().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    return { batch, prepared };
  }

  private async commit(batch: Delivery[], prepared: PreparedDeliveries | Error): Promise<void> {
    let failures: Map<number, Error>;
    try {
      if (prepared instanceof Error) throw prepared;
      failures = await prepared.commit();
    } catch (error) {
      if (batch.length > 1) {
        this.deps.logger.warn(
          { err: error, size: batch.length },
          "webhook batch failed; processing its deliveries one by one",
        );
        for (const delivery of batch) if (!this.stopped) await this.processBatch([delivery]);
        return;
      }
      failures = new Map([[0, error as Error]]);
    }
    for (const [index, delivery] of batch.entries()) {
      const error = failures.get(index);
      if (!error) {
        this.markProcessed(delivery.id);
        continue;
      }
      // Recording the failure can fail too (shutting down, database gone): the row stays unprocessed either way.
      await this.repo.markFailed(delivery.id, error.message).catch(() => {});
      if (error instanceof UnknownMessageError) this.waitingForSends.add(delivery, error.providerMessageIds);
      else this.deps.logger.error({ err: error, deliveryId: delivery.id }, "webhook processing failed");
    }
  }

  /** The delivery's events, per connection of ours that its accounts name. */
  private async eventsOf(delivery: Delivery): Promise<SinkEvents[]> {
    const out: SinkEvents[] = [];
    for (const group of parse(delivery.channel, delivery.payload ?? jsonObject(delivery.body))) {
      for (const notice of group.notices ?? [])
        this.deps.logger.warn({ deliveryId: delivery.id, accountId: group.accountId }, notice);
      if (group.events.length === 0) continue;
      const connection = await this.byAccount.get(
        `${delivery.companyId}:${group.channel}:${group.accountId}`,
        () => this.repo.connectionByAccount(delivery.companyId, group.channel, group.accountId),
      );
      if (!connection) {
        this.deps.logger.warn(
          { deliveryId: delivery.id, accountId: group.accountId },
          "webhook names an account that is not ours",
        );
        continue;
      }
      out.push({ connection, events: group.events });
    }
    return out;
  }

  /** Deliveries whose statuses wait for a send's provider id (waiting-for-sends.ts). */
  private readonly waitingForSends = new WaitingForSends<Delivery>();

  /** The outbound path stored a send's provider id: a delivery whose status waited for it runs again. */
  providerIdStored(connectionId: number, providerMessageId: string): void {
    const delivery = this.waitingForSends.take(connectionId, providerMessageId);
    if (delivery) void this.enqueue(delivery);
  }

  /**
   * Processed deliveries are deleted in batches (one DELETE per ~50 ms instead
   * of one per delivery). A crash before the flush only means a reprocess,
   * which changes nothing.
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
   * queued deliveries, then stops taking more. Those stay stored
   * unprocessed, and the next boot processes them.
   */
  async drain(timeoutMs = 10_000): Promise<void> {
    await this.writer.idle();
    if (this.running) {
      await settledWithin(this.running, timeoutMs);
    }
    this.stopped = true;
    await this.running;
    await this.flush();
  }

  async flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const ids = this.processed.splice(0);
    try {
      await this.repo.deleteProcessed(ids);
    } catch (err) {
      this.deps.logger.error(
        { err, count: ids.length },
        "deleting processed deliveries failed; the sweeper will reprocess them",
      );
    }
  }

  /** Reprocesses what a crash or a failure left behind; answers how many it took. */
  async sweep(olderThanMs: number, limit = 500): Promise<number> {
    const pending = await this.repo.pending(new Date(Date.now() - olderThanMs), MAX_ATTEMPTS, limit);
    for (let i = 0; i < pending.length && !this.stopped; i += BATCH_SIZE) {
      await this.processBatch(pending.slice(i, i + BATCH_SIZE));
    }
    await this.flush();
    return pending.length;
  }
}

function parse(channel: string, payload: object | undefined): ConnectionEvents[] {
  if (payload === undefined) return [];
  return channel === "whatsappapi" ? parseCloudApiWebhook(payload) : parseMessengerWebhook(payload);
}

/** The `object` types each channel's webhooks carry (an Instagram account may come through its page's app). */
const OBJECTS: Record<string, string[]> = {
  whatsappapi: ["whatsapp_business_account"],
  facebook: ["page", "instagram"],
  instagram: ["instagram", "page"],
};

/** Which channel an app-level delivery's `object` belongs to. */
const APP_OBJECTS: Record<string, "whatsappapi" | "facebook" | "instagram"> = {
  whatsapp_business_account: "whatsappapi",
  page: "facebook",
  instagram: "instagram",
};

/**
 * An app-level payload's parts per account, in their order: for pages and
 * Instagram accounts the entries (`entry.id`), for WhatsApp each entry's
 * changes regrouped by `value.metadata.phone_number_id` (one WhatsApp
 * Business Account can hold several numbers).
 */
function splitByAccount(channel: string, entries: unknown): Map<string, unknown[]> {
  const parts = new Map<string, unknown[]>();
  const add = (accountId: string, part: unknown) =>
    parts.set(accountId, [...(parts.get(accountId) ?? []), part]);
  for (const raw of Array.isArray(entries) ? entries : []) {
    if (!raw || typeof raw !== "object") continue;
    const entry = raw as { id?: unknown; changes?: unknown };
    if (channel !== "whatsappapi") {
      if (typeof entry.id === "string" || typeof entry.id === "number") add(String(entry.id), entry);
      continue;
    }
    const byNumber = new Map<string, unknown[]>();
    for (const change of Array.isArray(entry.changes) ? entry.changes : []) {
      const id = (change as { value?: { metadata?: { phone_number_id?: unknown } } })?.value?.metadata
        ?.phone_number_id;
      if (typeof id !== "string" && typeof id !== "number") continue;
      byNumber.set(String(id), [...(byNumber.get(String(id)) ?? []), change]);
    }
    for (const [id, changes] of byNumber) add(id, { ...entry, changes });
  }
  return parts;
}

/** The body parsed, or undefined when it is not a JSON object. */
function jsonObject(body: string): (object & { object?: unknown }) | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return undefined;
  }
  return payload && typeof payload === "object" && !Array.isArray(payload) ? payload : undefined;
}

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === "23503" || e.cause?.code === "23503";
}
