/**
 * The simulator's state and the one path every inbound event takes:
 * build the provider envelope, sign and POST it, record it, update the phone page.
 */

import {
  buildCloudMessage,
  buildCloudStatus,
  type CloudEventSpec,
  type CloudLayout,
  cloudEnvelope,
} from "./cloud-api.js";
import { Conversations } from "./conversations.js";
import { digits } from "./ids.js";
import { buildInstagramEvent, type InstagramEventSpec } from "./instagram.js";
import { MediaStore } from "./media.js";
import { buildMessengerEvent, type MessengerEventSpec, ms, pageEnvelope } from "./messenger.js";
import { playStatuses } from "./status-playback.js";
import { collectIds, summarise } from "./summary.js";
import { TemplateStore } from "./templates.js";
import type {
  Account,
  AccountInput,
  AutoStatusOptions,
  DeliverOptions,
  DeliveryResult,
  FacebookPageInput,
  FacebookUser,
  FacebookUserInput,
  RecordedDelivery,
  RecordedRead,
  RecordedSend,
  RecordedSubscription,
  RecordedUpload,
  SimGraphError,
} from "./types.js";
import { WebhookSender } from "./webhooks.js";

export type AnyEventSpec = CloudEventSpec | MessengerEventSpec | InstagramEventSpec;

interface Waiter {
  predicate: (send: RecordedSend) => boolean;
  resolve: (send: RecordedSend) => void;
}

/** `+55 (11) 9999-0000` and `5511999990000` are one WhatsApp contact; PSIDs stay as they are. */
export function contactKey(value: string): string {
  return /^[+\d\s().-]+$/.test(value) ? digits(value) : value;
}

/** Misuse of the sim (unknown account, an event the account's channel does not have). */
export class SimUsageError extends Error {}

const EVENT_TYPES: Record<Account["channel"], string[]> = {
  whatsappapi: [
    "text",
    "image",
    "video",
    "audio",
    "document",
    "sticker",
    "location",
    "contacts",
    "button_reply",
    "list_reply",
    "button",
    "reaction",
    "unsupported",
    "status",
  ],
  facebook: [
    "text",
    "attachment",
    "quick_reply",
    "echo",
    "delivery",
    "read",
    "reaction",
    "postback",
    "sticker",
    "user_ref",
  ],
  instagram: ["text", "attachment", "echo", "deleted", "unsupported", "reaction", "read"],
};

export class SimCore {
  baseUrl = "";
  readonly accounts = new Map<string, Account>();
  readonly media: MediaStore;
  readonly webhooks = new WebhookSender();
  readonly conversations = new Conversations();
  /** Message templates per WABA (templates.ts); kept by clear(), like the accounts. */
  readonly templates = new TemplateStore();
  readonly sent: RecordedSend[] = [];
  readonly uploads: RecordedUpload[] = [];
  readonly reads: RecordedRead[] = [];
  /** Facebook Login users by id, and every user token (long-lived ones too) to its user id. */
  readonly users = new Map<string, FacebookUser>();
  readonly userTokens = new Map<string, string>();
  readonly subscriptions: RecordedSubscription[] = [];
  private readonly nextFailures = new Map<string, SimGraphError[]>();
  private readonly recipientFailures = new Map<string, SimGraphError>();
  private readonly autoStatus = new Map<string, AutoStatusOptions>();
  private waiters: Waiter[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  closed = false;

  constructor(
    readonly graphVersion: string,
    mediaUrlTtlMs: number,
  ) {
    this.media = new MediaStore(mediaUrlTtlMs);
  }

  registerAccount(input: AccountInput): Account {
    const account: Account = {
      ...input,
      displayPhoneNumber: input.displayPhoneNumber ?? `1555${input.accountId.slice(-7).padStart(7, "0")}`,
      wabaId: input.wabaId ?? `waba-${input.accountId}`,
      name: input.name ?? `${input.channel} ${input.accountId}`,
    };
    this.accounts.set(account.accountId, account);
    return account;
  }

  requireAccount(accountId: string): Account {
    const account = this.accounts.get(accountId);
    if (!account)
      throw new SimUsageError(`meta-sim: unknown account ${accountId}; call registerAccount first`);
    return account;
  }

  /** A Facebook Login user; registering the same id again replaces their token and pages. */
  registerUser(input: FacebookUserInput): FacebookUser {
    const previous = this.users.get(input.userId);
    if (previous) {
      for (const [token, userId] of this.userTokens)
        if (userId === input.userId) this.userTokens.delete(token);
    }
    const user: FacebookUser = { ...input, name: input.name ?? `User ${input.userId.slice(-4)}` };
    this.users.set(user.userId, user);
    this.userTokens.set(user.accessToken, user.userId);
    return user;
  }

  userForToken(token: string | undefined): FacebookUser | undefined {
    const userId = token ? this.userTokens.get(token) : undefined;
    return userId ? this.users.get(userId) : undefined;
  }

  /** The page (of any user) whose page access token this is. */
  pageForToken(token: string | undefined): FacebookPageInput | undefined {
    if (!token) return undefined;
    for (const user of this.users.values()) {
      const page = user.pages.find((candidate) => candidate.accessToken === token);
      if (page) return page;
    }
    return undefined;
  }

  accountsForToken(token: string | undefined): Account[] {
    if (!token) return [];
    return [...this.accounts.values()].filter((account) => account.accessToken === token);
  }

  // --- inbound ------------------------------------------------------------

  /** Builds one delivery holding every event, POSTs it signed and records it. */
  async emit(
    accountId: string,
    specs: AnyEventSpec[],
    options: { layout?: CloudLayout } = {},
  ): Promise<DeliveryResult> {
    const account = this.requireAccount(accountId);
    for (const spec of specs) {
      if (!EVENT_TYPES[account.channel].includes(spec.type)) {
        throw new SimUsageError(
          `meta-sim: ${account.channel} has no "${spec.type}" event (use ${EVENT_TYPES[account.channel].join(", ")})`,
        );
      }
    }
    let payload: Record<string, unknown>;
    const ids: string[] = [];
    const mediaIds: string[] = [];
    const inbound: Array<{ contact: string; id: string; spec: AnyEventSpec; mediaRef?: string }> = [];
    if (account.channel === "whatsappapi") {
      const items = (specs as CloudEventSpec[]).map((spec) => {
        if (spec.type === "status") {
          ids.push(spec.id);
          return { status: buildCloudStatus(spec) };
        }
        const name = spec.name ?? this.conversations.name(accountId, contactKey(spec.from));
        const built = buildCloudMessage(account, this.media, spec, name ?? `Contact ${spec.from.slice(-4)}`);
        if (spec.name) this.conversations.setName(accountId, built.contact.wa_id, spec.name);
        const id = built.message.id as string;
        ids.push(id);
        if (built.mediaId) mediaIds.push(built.mediaId);
        inbound.push({
          contact: built.contact.wa_id,
          id,
          spec,
          ...(built.mediaId ? { mediaRef: built.mediaId } : {}),
        });
        return { message: built };
      });
      payload = cloudEnvelope(account, items, options.layout);
    } else {
      const build = account.channel === "facebook" ? buildMessengerEvent : buildInstagramEvent;
      const events = specs.map((spec) => {
        const built = build(account, this.media, this.baseUrl, spec as never);
        const pageSpec = spec as MessengerEventSpec | InstagramEventSpec;
        if (pageSpec.name) this.conversations.setName(accountId, contactKey(pageSpec.from), pageSpec.name);
        ids.push(...built.ids);
        mediaIds.push(...built.mediaUrls);
        const id = built.ids[0];
        if (
          id &&
          ["text", "attachment", "quick_reply", "postback", "unsupported", "echo", "sticker"].includes(
            spec.type,
          )
        ) {
          inbound.push({
            contact: pageSpec.from,
            id,
            spec,
            ...(built.mediaUrls[0] ? { mediaRef: built.mediaUrls[0] } : {}),
          });
        }
        return built.event;
      });
      payload = pageEnvelope(account.channel === "facebook" ? "page" : "instagram", account, events);
    }
    const delivery = await this.webhooks.deliver(account, payload);
    this.track(account, specs, inbound, delivery);
    return this.result(delivery, payload, ids, mediaIds);
  }

  /** Any envelope, as given, optionally unsigned or tampered. */
  async deliverRaw(
    accountId: string,
    payload: unknown,
    options: DeliverOptions = {},
  ): Promise<DeliveryResult> {
    const account = this.requireAccount(accountId);
    const delivery = await this.webhooks.deliver(account, payload, options);
    return this.resultOf(delivery);
  }

  async redeliver(deliveryId: string): Promise<DeliveryResult> {
    return this.resultOf(await this.webhooks.redeliver(deliveryId));
  }

  private resultOf(delivery: RecordedDelivery): DeliveryResult {
    let parsed: unknown;
    try {
      parsed = JSON.parse(delivery.raw.toString("utf8"));
    } catch {
      parsed = delivery.raw.toString("utf8");
    }
    const found = collectIds(parsed);
    return this.result(delivery, parsed, found.ids, found.mediaIds);
  }

  private result(
    delivery: RecordedDelivery,
    payload: unknown,
    ids: string[],
    mediaIds: string[],
  ): DeliveryResult {
    return {
      deliveryId: delivery.id,
      status: delivery.status,
      body: delivery.error ? delivery.error : delivery.responseBody,
      payload,
      ...(ids[0] ? { providerMessageId: ids[0] } : {}),
      providerMessageIds: ids,
      mediaIds,
      durationMs: delivery.durationMs,
    };
  }

  /** Keeps the phone page's view in step with what was delivered. */
  private track(
    account: Account,
    specs: AnyEventSpec[],
    inbound: Array<{ contact: string; id: string; spec: AnyEventSpec; mediaRef?: string }>,
    delivery: RecordedDelivery,
  ): void {
    const accepted = delivery.status >= 200 && delivery.status < 300;
    for (const line of inbound) {
      const echo = line.spec.type === "echo";
      const summary = summarise(line.spec);
      const mediaUrl = line.mediaRef ? this.mediaViewUrl(line.mediaRef) : undefined;
      this.conversations.add(account.accountId, contactKey(line.contact), {
        id: line.id,
        direction: echo ? "out" : "in",
        type: line.spec.type,
        text: summary,
        ...(mediaUrl ? { mediaUrl } : {}),
        status: echo ? "sent" : accepted ? "delivered" : "failed",
        ...(accepted ? {} : { error: `webhook answered ${delivery.status || delivery.error}` }),
      });
    }
    for (const spec of specs) {
      if (spec.type === "status" && "recipientId" in spec) {
        const error = spec.status === "failed" ? "failed status sent" : undefined;
        this.conversations.setStatus(spec.id, spec.status, error);
      } else if (spec.type === "delivery" && "mids" in spec) {
        for (const id of spec.mids ?? []) this.conversations.setStatus(id, "delivered");
      } else if (spec.type === "read" && account.channel === "facebook" && !("mid" in spec)) {
        const watermark = spec.watermark ?? ms(spec.timestamp);
        this.conversations.setStatusUpTo(account.accountId, spec.from, "out", watermark, "read");
      } else if (spec.type === "read" && "mid" in spec) {
        this.conversations.setStatus(spec.mid, "read");
      }
    }
  }

  private mediaViewUrl(ref: string): string {
    return ref.startsWith("http") ? ref : `${this.baseUrl}/_sim/media/${ref}`;
  }

  // --- Graph-side records ---------------------------------------------------

  recordSend(send: RecordedSend): void {
    this.sent.push(send);
    const pending = this.waiters;
    this.waiters = [];
    for (const waiter of pending) {
      if (waiter.predicate(send)) waiter.resolve(send);
      else this.waiters.push(waiter);
    }
  }

  waitFor(predicate: (send: RecordedSend) => boolean, timeoutMs = 5000): Promise<RecordedSend> {
    const already = this.sent.find(predicate);
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(`meta-sim: no matching send within ${timeoutMs} ms (${this.sent.length} sends recorded)`),
        );
      }, timeoutMs);
      const waiter: Waiter = {
        predicate,
        resolve: (send) => {
          clearTimeout(timer);
          resolve(send);
        },
      };
      this.waiters.push(waiter);
    });
  }

  failNextSend(accountId: string, error: SimGraphError): void {
    const queue = this.nextFailures.get(accountId) ?? [];
    queue.push(error);
    this.nextFailures.set(accountId, queue);
  }

  failSendsTo(recipient: string, error: SimGraphError | null): void {
    if (error) this.recipientFailures.set(contactKey(recipient), error);
    else this.recipientFailures.delete(contactKey(recipient));
  }

  /** The injected failure for this send, if any (a queued one is used once). */
  takeFailure(accountId: string, recipient: string | undefined): SimGraphError | undefined {
    const queued = this.nextFailures.get(accountId)?.shift();
    if (queued) return queued;
    return recipient === undefined ? undefined : this.recipientFailures.get(contactKey(recipient));
  }

  setAutoStatuses(accountId: string, options: AutoStatusOptions | false): void {
    if (options === false) this.autoStatus.delete(accountId);
    else this.autoStatus.set(accountId, options);
  }

  /** A send was accepted: show it on the phone page and play the configured status webhooks. */
  afterSend(
    account: Account,
    recipient: string,
    id: string,
    type: string,
    text: string,
    mediaUrl?: string,
  ): void {
    this.conversations.add(account.accountId, contactKey(recipient), {
      id,
      direction: "out",
      type,
      text,
      ...(mediaUrl ? { mediaUrl } : {}),
      status: "pending",
    });
    const options = this.autoStatus.get(account.accountId);
    if (options) void playStatuses(this, account, recipient, id, text, options).catch(() => undefined);
  }

  /** A delay that close() cancels (status playback must not outlive the sim). */
  sleep(delayMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, delayMs);
      this.timers.add(timer);
    });
  }

  clear(): void {
    this.sent.length = 0;
    this.uploads.length = 0;
    this.reads.length = 0;
    this.subscriptions.length = 0;
    this.webhooks.clear();
    this.conversations.clear();
    this.nextFailures.clear();
    this.recipientFailures.clear();
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
