import { createHash } from "node:crypto";
import type { ConnectionStatus } from "@inbox/shared";
import {
  type BaileysEventMap,
  DisconnectReason,
  makeCacheableSignalKeyStore,
  proto,
  type WABrowserDescription,
  type WAMessage,
} from "baileys";
import type { Db } from "../../db/client.js";
import { type InboundEvent, type OutboundMessage, ProviderError, type SendResult } from "../types.js";
import { clearAuthState, type DatabaseAuthState, useDatabaseAuthState } from "./auth-state.js";
import { callsToEvents, reactionsToEvents, updatesToEvents, upsertToEvents } from "./events.js";
import { jidDigits } from "./jid.js";
import type { MediaDownloader } from "./media.js";
import { planSend, toProviderError } from "./outbound.js";
import {
  type ILogger,
  RecentMap,
  type SessionHooks,
  type SocketFactory,
  statusCodeOf,
  type WhatsappConnectionRef,
  type WhatsappSocket,
} from "./socket.js";

export interface SessionSettings {
  db: Db;
  hooks: SessionHooks;
  socketFactory: SocketFactory;
  logger: ILogger;
  browser: WABrowserDescription;
  /** Backoff after an unexpected close: initial, doubled each failure, capped; reset on open. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** Consecutive failed reconnects after which the status shows TIMEOUT (reconnecting continues). */
  failuresBeforeTimeout: number;
  /** QR codes shown without a scan before giving up (DISCONNECTED, auth wiped). */
  maxQrCodes: number;
  downloadMedia: MediaDownloader;
}

/**
 * The WhatsApp message id for one of our stored messages, the same at every
 * attempt: WhatsApp keeps one message per id, so a resend after a crash
 * (the provider took it, we died before storing its id) does not reach the
 * contact twice. Shaped like Baileys' own ids ("3EB0" + 36 hex digits).
 */
export function stableMessageId(connectionId: number, idempotencyKey: string): string {
  const digest = createHash("sha256").update(`${connectionId}:${idempotencyKey}`).digest("hex");
  return `3EB0${digest.slice(0, 36).toUpperCase()}`;
}

/**
 * One WhatsApp Web session: at most one socket at a time, its status machine,
 * and the ordered hand-off of its events. Created and owned by the manager.
 */
export class WhatsappSession {
  private socket?: WhatsappSocket;
  private detachSocket?: () => void;
  private auth?: DatabaseAuthState;
  private reconnectTimer?: NodeJS.Timeout;
  private failures = 0;
  private qrCount = 0;
  private status: ConnectionStatus = "OPENING";
  /** A message import is waiting: ask the phone for its whole history (decided at each start). */
  private wantsHistory = false;
  /** Set once stopped, logged out or given up: nothing may write auth rows or open sockets after. */
  private ended = false;
  // Separate queues: creds must not wait behind a slow media download.
  private eventQueue: Promise<void> = Promise.resolve();
  private statusQueue: Promise<void> = Promise.resolve();
  private credsQueue: Promise<void> = Promise.resolve();
  private readonly recent = new RecentMap<WAMessage>(500);
  /** Ids returned by our own sendMessage calls: the server already holds those rows. */
  private readonly sentHere = new RecentMap<true>(500);

  constructor(
    readonly connection: WhatsappConnectionRef,
    private readonly settings: SessionSettings,
    private readonly onEnded: (session: WhatsappSession) => void,
  ) {}

  get currentStatus(): ConnectionStatus {
    return this.status;
  }

  /** Loads the auth state and opens the first socket. */
  async start(): Promise<void> {
    this.report("OPENING");
    const auth = await useDatabaseAuthState(this.settings.db, this.scope);
    this.wantsHistory = (await this.settings.hooks.wantsHistory?.(this.connection)) ?? false;
    if (this.ended) return;
    this.auth = auth;
    this.openSocket();
  }

  /** "Try again" on a session waiting out its backoff: connect now. A live socket is left alone. */
  wake(): void {
    if (this.ended || this.socket || !this.auth) return;
    this.openSocket();
  }

  async stop(options: { logout?: boolean } = {}): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.reconnectTimer);
    const socket = this.releaseSocket();
    try {
      // logout() also ends the socket; its close event no longer reaches us.
      if (options.logout) await socket?.logout();
      else await socket?.end(undefined);
    } catch (error) {
      this.settings.logger.warn(
        { error, connectionId: this.connection.id },
        "whatsapp: socket did not close cleanly",
      );
    }
    if (options.logout) await this.wipeAuth();
    this.report("DISCONNECTED");
    this.onEnded(this);
  }

  async send(message: OutboundMessage): Promise<SendResult> {
    const socket = this.socket;
    if (!socket || this.status !== "CONNECTED") {
      throw new ProviderError("WhatsApp session is not connected", undefined, { retryable: true });
    }
    const plan = await planSend(message, (id) => this.recent.get(id));
    try {
      if (plan.kind === "read") {
        await socket.readMessages([plan.key]);
        return { providerMessageId: plan.key.id ?? "" };
      }
      const sent = await socket.sendMessage(plan.jid, plan.content, {
        ...(plan.quoted ? { quoted: plan.quoted } : {}),
        ...(message.idempotencyKey
          ? { messageId: stableMessageId(this.connection.id, message.idempotencyKey) }
          : {}),
      });
      const id = sent?.key.id;
      if (!sent || !id)
        throw new ProviderError("WhatsApp returned no message id", undefined, { retryable: true });
      this.recent.set(id, sent);
      this.sentHere.set(id, true);
      return { providerMessageId: id };
    } catch (error) {
      throw toProviderError(error);
    }
  }

  /** Declines a call offered to this session (acceptCallWhatsapp disabled). */
  async rejectCall(callId: string, from: string): Promise<void> {
    const socket = this.socket;
    if (!socket || this.status !== "CONNECTED")
      throw new ProviderError("WhatsApp session is not connected", undefined, { retryable: false });
    await socket.rejectCall(callId, from);
  }

  /**
   * Asks WhatsApp which of these numbers (digits) have an account: answers by the digits of the
   * jid WhatsApp returns (it may drop a Brazilian mobile's ninth digit: callers normalise).
   */
  async onWhatsApp(numbers: string[]): Promise<{ digits: string; exists: boolean }[]> {
    const socket = this.socket;
    if (!socket || this.status !== "CONNECTED")
      throw new ProviderError("WhatsApp session is not connected", undefined, { retryable: true });
    const answers = (await socket.onWhatsApp(...numbers)) ?? [];
    return answers.map((answer) => ({ digits: jidDigits(answer.jid), exists: answer.exists }));
  }

  /** Resolves when every queued hook call so far has finished (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([this.eventQueue, this.statusQueue, this.credsQueue]);
  }

  private get scope() {
    return { companyId: this.connection.companyId, whatsappId: this.connection.id };
  }

  private openSocket(): void {
    const auth = this.auth;
    if (this.ended || this.socket || !auth) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const { logger, browser } = this.settings;
    const socket = this.settings.socketFactory({
      auth: {
        creds: auth.state.creds,
        keys: makeCacheableSignalKeyStore(this.guardedKeys(auth), logger),
      },
      logger,
      browser,
      // History only when a message import asks for it; the phone keeps ringing for the agents' colleagues.
      syncFullHistory: this.wantsHistory,
      ...(this.wantsHistory ? { shouldSyncHistoryMessage: () => true } : {}),
      markOnlineOnConnect: false,
    });
    this.socket = socket;
    const listeners: (() => void)[] = [];
    const on = <T extends keyof BaileysEventMap>(event: T, handler: (arg: BaileysEventMap[T]) => void) => {
      // A replaced socket may still fire a late event: only the current one speaks.
      const guarded = (arg: BaileysEventMap[T]) => {
        if (this.socket === socket) handler(arg);
      };
      socket.ev.on(event, guarded);
      listeners.push(() => socket.ev.off(event, guarded));
    };
    this.detachSocket = () => {
      for (const off of listeners) off();
    };
    on("connection.update", (update) => this.onConnectionUpdate(socket, update));
    on("creds.update", () => {
      this.credsQueue = this.credsQueue
        .then(() => (this.ended ? undefined : auth.saveCreds()))
        .catch(this.logError);
    });
    on("messages.upsert", (upsert) => {
      for (const message of upsert.messages) if (message.key.id) this.recent.set(message.key.id, message);
      const context = { me: this.me(socket), download: (m: WAMessage) => this.download(m, socket) };
      // Baileys echoes our own sends as `append` upserts. Filtered when the batch is translated,
      // by which time send() has recorded the id; passing them on would race the send job to store them.
      this.deliver(() => {
        const messages = upsert.messages.filter(
          (m) => !(m.key.fromMe && m.key.id && this.sentHere.has(m.key.id)),
        );
        return upsertToEvents({ ...upsert, messages }, context);
      });
    });
    on("messages.update", (updates) => this.deliver(() => updatesToEvents(updates)));
    on("messaging-history.set", (history) => {
      const last = history.syncType === proto.HistorySync.HistorySyncType.RECENT && history.progress === 100;
      this.history(socket, history.messages, last);
    });
    on("messaging-history.status", (status) => {
      if (status.syncType === proto.HistorySync.HistorySyncType.RECENT && status.status === "paused")
        this.history(socket, [], true);
    });
    // Whether a call is declined is the company's setting: ingest decides and calls rejectCall.
    on("call", (calls) => this.deliver(() => callsToEvents(calls, this.me(socket))));
    on("messages.reaction", (reactions) => {
      // Baileys emits these for reaction messages whose upsert we already translated.
      const fresh = reactions.filter((r) => !(r.reaction.key?.id && this.recent.has(r.reaction.key.id)));
      this.deliver(() => reactionsToEvents(fresh, this.me(socket)));
    });
  }

  private onConnectionUpdate(socket: WhatsappSocket, update: BaileysEventMap["connection.update"]): void {
    if (update.qr) this.onQr(update.qr);
    // The QR was scanned: WhatsApp is about to ask for a restart (515) to finish pairing.
    if (update.isNewLogin) this.report("PAIRING");
    if (update.connection === "connecting" && this.status !== "TIMEOUT" && this.status !== "PAIRING") {
      this.report("OPENING");
    }
    if (update.connection === "open") {
      this.failures = 0;
      this.qrCount = 0;
      this.report("CONNECTED", "", socket.user?.id ? jidDigits(socket.user.id) : undefined);
    }
    if (update.connection === "close") void this.onClose(statusCodeOf(update.lastDisconnect?.error));
  }

  private onQr(qr: string): void {
    this.qrCount += 1;
    if (this.qrCount > this.settings.maxQrCodes) {
      void this.giveUp("qr codes not scanned");
      return;
    }
    this.report("qrcode", qr);
  }

  private async onClose(code: number | undefined): Promise<void> {
    this.releaseSocket();
    if (this.ended) return;
    if (code === DisconnectReason.restartRequired) {
      this.openSocket();
      return;
    }
    if (code === DisconnectReason.loggedOut) {
      await this.giveUp("logged out");
      return;
    }
    const paired = Boolean(this.auth?.state.creds.me?.id);
    if (!paired && this.qrCount >= this.settings.maxQrCodes) {
      await this.giveUp("qr codes not scanned");
      return;
    }
    this.failures += 1;
    const { initialDelayMs, maxDelayMs, failuresBeforeTimeout } = this.settings;
    const delay = Math.min(initialDelayMs * 2 ** (this.failures - 1), maxDelayMs);
    this.report(this.failures >= failuresBeforeTimeout ? "TIMEOUT" : "OPENING");
    this.reconnectTimer = setTimeout(() => this.openSocket(), delay);
  }

  /** Logged out, or nobody scanned: forget the keys so a boot does not restore it, and stop. */
  private async giveUp(reason: string): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.reconnectTimer);
    const socket = this.releaseSocket();
    await socket?.end(undefined)?.catch(this.logError);
    this.settings.logger.info({ connectionId: this.connection.id, reason }, "whatsapp: session ended");
    await this.wipeAuth();
    this.report("DISCONNECTED");
    this.onEnded(this);
  }

  private async wipeAuth(): Promise<void> {
    // A creds save still in flight would re-create the row after the wipe.
    await this.credsQueue;
    await clearAuthState(this.settings.db, this.scope).catch(this.logError);
  }

  private releaseSocket(): WhatsappSocket | undefined {
    const socket = this.socket;
    this.detachSocket?.();
    this.detachSocket = undefined;
    this.socket = undefined;
    return socket;
  }

  private guardedKeys(auth: DatabaseAuthState) {
    const { keys } = auth.state;
    return {
      get: keys.get,
      set: async (data: Parameters<typeof keys.set>[0]) => {
        if (!this.ended) await keys.set(data);
      },
    };
  }

  private me(socket: WhatsappSocket) {
    const user = socket.user;
    return user?.id ? { id: user.id, lid: user.lid ?? undefined } : undefined;
  }

  private download(message: WAMessage, socket: WhatsappSocket): Promise<Buffer> {
    return this.settings.downloadMedia(message, socket, this.settings.logger);
  }

  /** History chunks go to the importer in order with the other events (it decides what to keep). */
  private history(socket: WhatsappSocket, messages: WAMessage[], last: boolean): void {
    const onHistory = this.settings.hooks.onHistory;
    if (!onHistory) return;
    const context = { me: this.me(socket), download: (m: WAMessage) => this.download(m, socket) };
    const translate = (kept: WAMessage[]) => upsertToEvents({ messages: kept, type: "append" }, context);
    this.eventQueue = this.eventQueue
      .then(() => onHistory(this.connection, { messages, last, translate }))
      .catch(this.logError);
  }

  /** Events reach the sink in the order Baileys emitted them, one batch at a time. */
  private deliver(translate: () => InboundEvent[] | Promise<InboundEvent[]>): void {
    this.eventQueue = this.eventQueue
      .then(async () => {
        const events = await translate();
        if (events.length > 0) await this.settings.hooks.onEvents(this.connection, events);
      })
      .catch(this.logError);
  }

  private report(status: ConnectionStatus, qrcode = "", number?: string): void {
    this.status = status;
    const update = { status, qrcode, number, retries: this.qrCount };
    this.statusQueue = this.statusQueue
      .then(() => this.settings.hooks.onStatus(this.connection, update))
      .catch(this.logError);
  }

  private readonly logError = (error: unknown) => {
    this.settings.logger.error({ error, connectionId: this.connection.id }, "whatsapp: session hook failed");
  };
}
