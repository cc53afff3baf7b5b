import type { ConnectionStatus } from "@inbox/shared";
import { Browsers, type WABrowserDescription } from "baileys";
import type { Db } from "../../db/client.js";
import { type OutboundMessage, ProviderError, type SendResult } from "../types.js";
import { clearAuthState, listConnectionsWithCreds } from "./auth-state.js";
import { downloadWithBaileys, type MediaDownloader } from "./media.js";
import { type SessionSettings, WhatsappSession } from "./session.js";
import {
  baileysSocketFactory,
  type ILogger,
  type SessionHooks,
  type SocketFactory,
  silentLogger,
  type WhatsappConnectionRef,
} from "./socket.js";

export interface WhatsappManagerOptions {
  db: Db;
  hooks: SessionHooks;
  /** Defaults to Baileys' `makeWASocket`; tests pass a fake. */
  socketFactory?: SocketFactory;
  /** Pino-compatible; defaults to silent. */
  logger?: ILogger;
  /** How the linked device is named on the phone. */
  browser?: WABrowserDescription;
  /** Default 1000 ms, doubled per failure. */
  initialDelayMs?: number;
  /** Default 60000 ms. */
  maxDelayMs?: number;
  /** Default 5 (about 15 s of failures at the default delays). */
  failuresBeforeTimeout?: number;
  /** Default 5 (about two minutes of QR codes). */
  maxQrCodes?: number;
  downloadMedia?: MediaDownloader;
}

/**
 * All WhatsApp Web sessions of this process, one per connection. The map is
 * filled before any await, so concurrent starts for one connection share a
 * session and never open two sockets.
 *
 * Sessions live in this process's memory: with several server processes, the
 * lead must make sure each connection is started on one process only.
 */
export class WhatsappSessionManager {
  private readonly sessions = new Map<number, WhatsappSession>();
  private readonly settings: SessionSettings;

  constructor(options: WhatsappManagerOptions) {
    this.settings = {
      db: options.db,
      hooks: options.hooks,
      socketFactory: options.socketFactory ?? baileysSocketFactory,
      logger: options.logger ?? silentLogger,
      browser: options.browser ?? Browsers.ubuntu("Chrome"),
      initialDelayMs: options.initialDelayMs ?? 1_000,
      maxDelayMs: options.maxDelayMs ?? 60_000,
      failuresBeforeTimeout: options.failuresBeforeTimeout ?? 5,
      maxQrCodes: options.maxQrCodes ?? 5,
      downloadMedia: options.downloadMedia ?? downloadWithBaileys,
    };
  }

  /**
   * Starts the session (QR code if unpaired, reconnect if paired). A second
   * start while one runs is a no-op, except that a session waiting out its
   * reconnect delay connects at once.
   */
  async start(connection: WhatsappConnectionRef): Promise<void> {
    const existing = this.find(connection);
    if (existing) {
      existing.wake();
      return;
    }
    const session = new WhatsappSession(connection, this.settings, (ended) => {
      if (this.sessions.get(ended.connection.id) === ended) this.sessions.delete(ended.connection.id);
    });
    this.sessions.set(connection.id, session);
    try {
      await session.start();
    } catch (error) {
      // The auth state could not be loaded: leave no half-started session behind.
      await session.stop();
      throw error;
    }
  }

  /**
   * Closes the session. With `logout`, the phone unlinks this device and the
   * auth rows are wiped, even when no session is running in this process.
   */
  async stop(connection: WhatsappConnectionRef, options: { logout?: boolean } = {}): Promise<void> {
    const session = this.find(connection);
    if (session) await session.stop(options);
    else if (options.logout) {
      await clearAuthState(this.settings.db, { companyId: connection.companyId, whatsappId: connection.id });
    }
  }

  /** A new QR code (PUT /whatsappsession): log out and wipe the old pairing, then start unpaired. */
  async renew(connection: WhatsappConnectionRef): Promise<void> {
    await this.stop(connection, { logout: true });
    await this.start(connection);
  }

  /** At boot: starts every whatsapp-channel connection that has stored creds. Returns how many. */
  async restoreAll(): Promise<number> {
    const connections = await listConnectionsWithCreds(this.settings.db);
    for (const connection of connections) {
      await this.start(connection).catch((error: unknown) => {
        this.settings.logger.error({ error, connectionId: connection.id }, "whatsapp: restore failed");
      });
    }
    return connections.length;
  }

  /** ChannelAdapter.send: fails with a retryable ProviderError when the session is not connected here. */
  async send(connection: WhatsappConnectionRef, message: OutboundMessage): Promise<SendResult> {
    const session = this.find(connection);
    if (!session) throw new ProviderError("WhatsApp session is not running", undefined, { retryable: true });
    return session.send(message);
  }

  statusOf(connection: WhatsappConnectionRef): ConnectionStatus | undefined {
    return this.find(connection)?.currentStatus;
  }

  /** Waits for the hooks already queued by a session (tests, graceful shutdown). */
  async settled(connection: WhatsappConnectionRef): Promise<void> {
    await this.find(connection)?.settled();
  }

  /** Shutdown: closes every socket and keeps the auth state, so the next boot restores the sessions. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((session) => session.stop()));
  }

  /** Sessions are keyed by connection id; a mismatched company never reaches another tenant's session. */
  private find(connection: WhatsappConnectionRef): WhatsappSession | undefined {
    const session = this.sessions.get(connection.id);
    return session && session.connection.companyId === connection.companyId ? session : undefined;
  }
}
