import type { ConnectionStatus } from "@inbox/shared";
import { Browsers, type WABrowserDescription } from "baileys";
import type { Db } from "../../db/client.js";
import { type OutboundMessage, ProviderError, type SendResult, SessionElsewhereError } from "../types.js";
import { clearAuthState, listConnectionsWithCreds } from "./auth-state.js";
import { downloadWithBaileys, type MediaDownloader } from "./media.js";
import { type SessionSettings, WhatsappSession } from "./session.js";
import type { ClusterCommand, SessionCluster } from "./session-cluster.js";
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
  /**
   * Several processes on one PostgreSQL: leases decide which one runs each
   * session, and commands travel to it. Without, every session runs here.
   */
  cluster?: SessionCluster;
  /** Renew and take-over period of the lease loop (default 5 s). */
  leaseTickMs?: number;
}

/** Sends a stored outbound message (the owner of a session does it for the other processes). */
export type StoredMessageSender = (companyId: number, messageId: number) => Promise<void>;

/**
 * All WhatsApp Web sessions of this process, one per connection. Starts of
 * one connection run one at a time, so concurrent starts share a session and
 * never open two sockets.
 *
 * With a cluster (several processes), a session runs only where its lease is
 * held: a start takes the lease or, when another live process holds it, asks
 * that process; sends, new QR codes and stops of sessions owned elsewhere go
 * to their owner. The lease loop renews this process's leases, stops a
 * session whose lease was lost, and takes over sessions whose owner died.
 */
export class WhatsappSessionManager {
  private readonly sessions = new Map<number, WhatsappSession>();
  private readonly settings: SessionSettings;
  private readonly cluster?: SessionCluster;
  private readonly leaseTickMs: number;
  /** Per connection, the tail of its start/stop/renew chain (one at a time). */
  private readonly serial = new Map<number, Promise<unknown>>();
  private leaseTimer?: NodeJS.Timeout;
  private leaseTicking?: Promise<void>;
  private stopping = false;
  /** Set by the composition root: how a handed-off stored message is sent here. */
  sendStored?: StoredMessageSender;

  constructor(options: WhatsappManagerOptions) {
    this.cluster = options.cluster;
    this.leaseTickMs = options.leaseTickMs ?? 5_000;
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
   * reconnect delay connects at once. Owned by another process: asks it.
   */
  async start(connection: WhatsappConnectionRef): Promise<void> {
    await this.inOrder(connection.id, async () => {
      const existing = this.find(connection);
      if (existing) {
        existing.wake();
        return;
      }
      if (this.stopping) return;
      if (this.cluster) {
        const owner = await this.cluster.acquire(connection);
        if (!owner) return; // no such connection in that company
        if (owner !== this.cluster.instanceId) {
          await this.cluster.tell(owner, { cmd: "start", connection });
          return;
        }
      }
      const session = new WhatsappSession(connection, this.settings, (ended) => {
        if (this.sessions.get(ended.connection.id) !== ended) return;
        this.sessions.delete(ended.connection.id);
        void this.cluster?.release(ended.connection.id).catch(() => {});
      });
      this.sessions.set(connection.id, session);
      try {
        await session.start();
      } catch (error) {
        // The auth state could not be loaded: leave no half-started session behind.
        await session.stop();
        throw error;
      }
    });
  }

  /**
   * Closes the session. With `logout`, the phone unlinks this device and the
   * auth rows are wiped, even when no session is running anywhere. Owned by
   * another process: that process does it.
   */
  async stop(connection: WhatsappConnectionRef, options: { logout?: boolean } = {}): Promise<void> {
    await this.inOrder(connection.id, async () => {
      const session = this.find(connection);
      if (session) {
        await session.stop(options);
        return;
      }
      const owner = await this.cluster?.ownerOf(connection);
      if (owner && owner !== this.cluster?.instanceId) {
        await this.cluster?.tell(owner, { cmd: "stop", connection, logout: Boolean(options.logout) });
        return;
      }
      if (options.logout) {
        await clearAuthState(this.settings.db, {
          companyId: connection.companyId,
          whatsappId: connection.id,
        });
        await this.cluster?.release(connection.id);
      }
    });
  }

  /** A new QR code (PUT /whatsappsession): log out and wipe the old pairing, then start unpaired. */
  async renew(connection: WhatsappConnectionRef): Promise<void> {
    if (!this.find(connection)) {
      const owner = await this.cluster?.ownerOf(connection);
      if (owner && owner !== this.cluster?.instanceId) {
        await this.cluster?.tell(owner, { cmd: "renew", connection });
        return;
      }
    }
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

  /**
   * ChannelAdapter.send. Owned by another process: SessionElsewhereError,
   * whose hand-off asks the owner to send the stored message. Running
   * nowhere: a retryable ProviderError.
   */
  async send(connection: WhatsappConnectionRef, message: OutboundMessage): Promise<SendResult> {
    const session = this.find(connection);
    if (session) return session.send(message);
    const owner = await this.cluster?.ownerOf(connection);
    const cluster = this.cluster;
    if (cluster && owner && owner !== cluster.instanceId) {
      throw new SessionElsewhereError((_companyId, messageId) =>
        cluster.tell(owner, { cmd: "send", connection, messageId }),
      );
    }
    throw new ProviderError("WhatsApp session is not running", undefined, { retryable: true });
  }

  /**
   * ChannelAdapter.rejectCall. A call reaches only the process running the
   * session (its events come from that socket), so no hand-off: running
   * nowhere here is an error the caller logs.
   */
  async rejectCall(connection: WhatsappConnectionRef, callId: string, from: string): Promise<void> {
    const session = this.find(connection);
    if (!session) throw new ProviderError("WhatsApp session is not running here", undefined);
    await session.rejectCall(callId, from);
  }

  /**
   * Joins the cluster: hears commands addressed to this process and runs the
   * lease loop (renew, drop lost sessions, take over orphans). At boot.
   */
  async joinCluster(): Promise<void> {
    const cluster = this.cluster;
    if (!cluster) return;
    await cluster.forgetStaleLeases();
    await this.hear();
    this.leaseTimer = setInterval(() => {
      if (!this.leaseTicking)
        this.leaseTicking = this.leaseTick().finally(() => (this.leaseTicking = undefined));
    }, this.leaseTickMs);
    this.leaseTimer.unref();
  }

  /** One round of the lease loop; exposed for tests. */
  async leaseTick(): Promise<void> {
    const cluster = this.cluster;
    if (!cluster || this.stopping) return;
    try {
      await this.hear();
      const running = [...this.sessions.keys()];
      const held = await cluster.renew(running);
      for (const id of running) {
        const session = this.sessions.get(id);
        // Another process took it (this one stalled past the lease): two sockets must not run.
        if (session && !held.has(id)) {
          this.settings.logger.warn({ connectionId: id }, "whatsapp: lease lost, stopping the session here");
          await session.stop();
        }
      }
      for (const orphan of await cluster.orphans()) {
        await this.start(orphan).catch((error: unknown) => {
          this.settings.logger.error({ error, connectionId: orphan.id }, "whatsapp: takeover failed");
        });
      }
    } catch (error) {
      this.settings.logger.error({ error }, "whatsapp: lease loop failed");
    }
  }

  /** Listens for commands to this process (again, when the listener's connection failed). */
  async hear(): Promise<void> {
    await this.cluster?.listen((command) => void this.obey(command), this.settings.logger);
  }

  /** A command another process sent to this one, the session's owner. */
  private async obey(command: ClusterCommand): Promise<void> {
    const { connection } = command;
    try {
      switch (command.cmd) {
        case "start":
          return await this.start(connection);
        case "renew":
          return await this.renew(connection);
        case "stop":
          return await this.stop(connection, { logout: command.logout });
        case "send":
          return await this.sendStored?.(connection.companyId, command.messageId);
      }
    } catch (error) {
      this.settings.logger.error(
        { error, command: command.cmd, connectionId: connection.id },
        "whatsapp: command failed",
      );
    }
  }

  private inOrder<T>(connectionId: number, task: () => Promise<T>): Promise<T> {
    const previous = this.serial.get(connectionId) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(task);
    this.serial.set(connectionId, next);
    void next
      .catch(() => {})
      .finally(() => {
        if (this.serial.get(connectionId) === next) this.serial.delete(connectionId);
      });
    return next;
  }

  /**
   * Asks, through a connected session of the company running in this process, which numbers have
   * WhatsApp; undefined when none runs here (the numbers stay unchecked).
   */
  async onWhatsApp(
    companyId: number,
    numbers: string[],
  ): Promise<{ digits: string; exists: boolean }[] | undefined> {
    for (const session of this.sessions.values())
      if (session.connection.companyId === companyId && session.currentStatus === "CONNECTED")
        return session.onWhatsApp(numbers);
    return undefined;
  }

  statusOf(connection: WhatsappConnectionRef): ConnectionStatus | undefined {
    return this.find(connection)?.currentStatus;
  }

  /** Waits for the hooks already queued by a session (tests, graceful shutdown). */
  async settled(connection: WhatsappConnectionRef): Promise<void> {
    await this.find(connection)?.settled();
  }

  /**
   * Shutdown: closes every socket and keeps the auth state, so the next boot
   * (or another process, at once) restores the sessions; leases are given up.
   */
  async stopAll(): Promise<void> {
    this.stopping = true;
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    await this.leaseTicking;
    await Promise.all([...this.sessions.values()].map((session) => session.stop()));
    await this.cluster?.close();
  }

  /** Sessions are keyed by connection id; a mismatched company never reaches another tenant's session. */
  private find(connection: WhatsappConnectionRef): WhatsappSession | undefined {
    const session = this.sessions.get(connection.id);
    return session && session.connection.companyId === connection.companyId ? session : undefined;
  }
}
