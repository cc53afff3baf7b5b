/** The programmatic face of the simulator: `startMetaSim()` and the `MetaSim` object tests hold. */

import type { AddressInfo } from "node:net";
import type { CloudEventSpec, CloudLayout, CloudMessageSpec, CloudStatusSpec } from "./cloud-api.js";
import { type AnyEventSpec, SimCore } from "./core.js";
import { errors } from "./errors.js";
import { createGraphServer } from "./graph-server.js";
import type { InstagramEventSpec } from "./instagram.js";
import { fireLoad, prepareLoad } from "./load.js";
import type { MessengerEventSpec } from "./messenger.js";
import { readAll } from "./status-playback.js";
import type { SimTemplate, TemplateInput } from "./templates.js";
import type {
  AccountInput,
  AutoStatusOptions,
  DeliverOptions,
  DeliveryResult,
  FacebookUserInput,
  FireLoadOptions,
  FireLoadResult,
  PreparedLoad,
  RecordedDelivery,
  RecordedRead,
  RecordedSend,
  RecordedSubscription,
  RecordedUpload,
  SimGraphError,
} from "./types.js";
import { type VerifyResult, verifyWebhook } from "./webhooks.js";

export interface StartMetaSimOptions {
  /** 0 or omitted: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default "v21.0". */
  graphVersion?: string;
  /** Lifetime of Cloud API media download URLs (default 5 minutes). */
  mediaUrlTtlMs?: number;
}

/** The spec of one event type, without its `type` (the builder method names it). */
type SpecOf<S extends { type: string }, K extends string> = S extends unknown
  ? K extends S["type"]
    ? Omit<S, "type">
    : never
  : never;
type Builder<S extends { type: string }, K extends string> = (
  accountId: string,
  input: SpecOf<S, K>,
) => Promise<DeliveryResult>;

export class MetaSim {
  readonly errors = errors;
  readonly cloud;
  readonly messenger;
  readonly instagram;

  constructor(
    /** Base URL, e.g. http://127.0.0.1:PORT: the server's META_GRAPH_URL. */
    readonly url: string,
    private readonly core: SimCore,
    private readonly closeServer: () => Promise<void>,
  ) {
    const cloud = <K extends CloudMessageSpec["type"]>(type: K): Builder<CloudMessageSpec, K> => {
      return (accountId, input) => this.core.emit(accountId, [{ ...input, type } as CloudEventSpec]);
    };
    this.cloud = {
      text: cloud("text"),
      image: cloud("image"),
      video: cloud("video"),
      audio: cloud("audio"),
      document: cloud("document"),
      sticker: cloud("sticker"),
      location: cloud("location"),
      contacts: cloud("contacts"),
      buttonReply: cloud("button_reply"),
      listReply: cloud("list_reply"),
      button: cloud("button"),
      reaction: cloud("reaction"),
      unsupported: cloud("unsupported"),
      /** Any message spec (`{ type, from, ... }`). */
      message: (accountId: string, spec: CloudMessageSpec) => this.core.emit(accountId, [spec]),
    };
    const messenger = <K extends MessengerEventSpec["type"]>(type: K): Builder<MessengerEventSpec, K> => {
      return (accountId, input) => this.core.emit(accountId, [{ ...input, type } as MessengerEventSpec]);
    };
    this.messenger = {
      text: messenger("text"),
      attachment: messenger("attachment"),
      quickReply: messenger("quick_reply"),
      echo: messenger("echo"),
      delivery: messenger("delivery"),
      read: messenger("read"),
      reaction: messenger("reaction"),
      postback: messenger("postback"),
      sticker: messenger("sticker"),
      userRef: messenger("user_ref"),
      event: (accountId: string, spec: MessengerEventSpec) => this.core.emit(accountId, [spec]),
    };
    const instagram = <K extends InstagramEventSpec["type"]>(type: K): Builder<InstagramEventSpec, K> => {
      return (accountId, input) => this.core.emit(accountId, [{ ...input, type } as InstagramEventSpec]);
    };
    this.instagram = {
      text: instagram("text"),
      attachment: instagram("attachment"),
      echo: instagram("echo"),
      deleted: instagram("deleted"),
      unsupported: instagram("unsupported"),
      reaction: instagram("reaction"),
      read: instagram("read"),
      event: (accountId: string, spec: InstagramEventSpec) => this.core.emit(accountId, [spec]),
    };
  }

  get graphVersion(): string {
    return this.core.graphVersion;
  }

  /** `${url}/${graphVersion}`. */
  get graphUrl(): string {
    return `${this.url}/${this.core.graphVersion}`;
  }

  /** Every send request the Graph API received (failed ones too, with `httpStatus` and `error`). */
  get sent(): readonly RecordedSend[] {
    return this.core.sent;
  }

  get uploads(): readonly RecordedUpload[] {
    return this.core.uploads;
  }

  /** Mark-as-read calls (Cloud API `status: "read"`, Messenger/Instagram `mark_seen`). */
  get reads(): readonly RecordedRead[] {
    return this.core.reads;
  }

  /** Every webhook POST the sim made (not those of `fireLoad`). */
  get deliveries(): readonly RecordedDelivery[] {
    return this.core.webhooks.deliveries;
  }

  /** Every `POST /{page-id}/subscribed_apps` the Graph API accepted. */
  get subscriptions(): readonly RecordedSubscription[] {
    return this.core.subscriptions;
  }

  registerAccount(account: AccountInput): void {
    this.core.registerAccount(account);
  }

  /**
   * A person who went through Facebook Login: `GET /{userId}/accounts` with their
   * token lists these pages (and their Instagram business accounts). Again with
   * the same id replaces them.
   */
  registerUser(user: FacebookUserInput): void {
    this.core.registerUser(user);
  }

  /** The subscription handshake against the account's webhookUrl. */
  verifyWebhook(accountId: string, verifyToken?: string): Promise<VerifyResult> {
    const account = this.core.requireAccount(accountId);
    return verifyWebhook(account.webhookUrl, verifyToken ?? account.verifyToken ?? "");
  }

  /** A Cloud API status webhook for a message our server sent. */
  sendStatus(accountId: string, status: Omit<CloudStatusSpec, "type">): Promise<DeliveryResult> {
    return this.core.emit(accountId, [{ ...status, type: "status" }]);
  }

  /** Any envelope as given (object, string or bytes): signed, unsigned, tampered or with a given signature. */
  deliver(accountId: string, payload: unknown, options?: DeliverOptions): Promise<DeliveryResult> {
    return this.core.deliverRaw(accountId, payload, options);
  }

  /**
   * Many events in one delivery. Cloud API layout: "messages" (default; one
   * change for messages, one for statuses), "changes" (a change per event) or
   * "entries" (an entry per event). Messenger/Instagram: an entry per event.
   */
  batch(
    accountId: string,
    events: AnyEventSpec[],
    options: { layout?: CloudLayout } = {},
  ): Promise<DeliveryResult> {
    return this.core.emit(accountId, events, options);
  }

  /** Re-POSTs the identical bytes and signature of an earlier delivery. */
  redeliver(deliveryId: string): Promise<DeliveryResult> {
    return this.core.redeliver(deliveryId);
  }

  /** The contact reads everything our server sent: read statuses (Cloud, Instagram) or a read watermark (Messenger). */
  readAll(accountId: string, contact: string): Promise<DeliveryResult | undefined> {
    return readAll(this.core, accountId, contact);
  }

  /**
   * The message templates of the account's WABA (`GET /{waba-id}/message_templates`, and what a
   * template send is checked against). Status defaults to APPROVED, category to MARKETING.
   */
  setTemplates(accountId: string, templates: TemplateInput[]): SimTemplate[] {
    const account = this.core.requireAccount(accountId);
    return this.core.templates.set(account.wabaId, templates);
  }

  /** Forgets recorded sends, uploads, reads, deliveries, conversations and injected failures. */
  clear(): void {
    this.core.clear();
  }

  /** Resolves with the first recorded send (past or future) the predicate accepts. */
  waitFor(predicate: (send: RecordedSend) => boolean, timeoutMs = 5000): Promise<RecordedSend> {
    return this.core.waitFor(predicate, timeoutMs);
  }

  /** The next send on this account answers this error (queued: call twice to fail two sends). */
  failNextSend(accountId: string, error: SimGraphError): void {
    this.core.failNextSend(accountId, error);
  }

  /** Every send to this contact answers this error until called again with null. */
  failSendsTo(recipient: string, error: SimGraphError | null): void {
    this.core.failSendsTo(recipient, error);
  }

  /** Status webhooks played after each accepted send on the account; false turns them off. */
  autoStatuses(accountId: string, options: AutoStatusOptions | false): void {
    this.core.setAutoStatuses(accountId, options);
  }

  /** Signed text webhooks at a steady rate; per-delivery latency in ms. Not recorded in `deliveries`. */
  fireLoad(options: FireLoadOptions): Promise<FireLoadResult> {
    return fireLoad(this.core, options);
  }

  /** `fireLoad` in two steps: builds every request now, sends them on `fire()` (so a caller can time the sending alone). */
  prepareLoad(options: FireLoadOptions): PreparedLoad {
    return prepareLoad(this.core, options);
  }

  async close(): Promise<void> {
    this.core.close();
    await this.closeServer();
  }
}

export async function startMetaSim(options: StartMetaSimOptions = {}): Promise<MetaSim> {
  const core = new SimCore(options.graphVersion ?? "v21.0", options.mediaUrlTtlMs ?? 5 * 60_000);
  const server = createGraphServer(core);
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost =
    host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  core.baseUrl = `http://${shownHost}:${port}`;
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return new MetaSim(core.baseUrl, core, closeServer);
}
