import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { type Database, rowsOf } from "../../db/client.js";
import type { ILogger, WhatsappConnectionRef } from "./socket.js";

/**
 * Several server processes on one PostgreSQL: each Baileys session must run
 * in exactly one of them (two sockets on one WhatsApp pairing fight and get
 * logged out). A lease row per connection in `whatsapp_session_leases` names
 * the owning process; the owner renews it every few seconds, and when the
 * owner dies its lease expires and another process takes the session over.
 *
 * Requests reach any process, so commands for a session owned elsewhere
 * (start, new QR code, stop, send a stored message) travel to the owner with
 * PostgreSQL's NOTIFY. A lost command loses nothing: a send left unsent is
 * picked up by the outbound sweeper, a session by the takeover loop.
 *
 * On PGlite there is only ever one process, so leases left by an earlier run
 * are dropped at boot; commands still work between managers sharing it
 * (tests run two in one process).
 */

export type ClusterCommand =
  | { cmd: "start" | "renew"; connection: WhatsappConnectionRef }
  | { cmd: "stop"; connection: WhatsappConnectionRef; logout: boolean }
  | { cmd: "send"; connection: WhatsappConnectionRef; messageId: number };

const CHANNEL = "inbox_whatsapp_sessions";

export interface SessionClusterOptions {
  /** A lease not renewed for this long is free to take (default 20 s). */
  ttlSeconds?: number;
  logger?: ILogger;
}

export class SessionCluster {
  /** This process, for this boot. */
  readonly instanceId = randomUUID();
  readonly ttlSeconds: number;
  private listener?: pg.PoolClient;
  private unlisten?: () => Promise<void>;
  private connecting = false;

  constructor(
    private readonly database: Database,
    options: SessionClusterOptions = {},
  ) {
    this.ttlSeconds = options.ttlSeconds ?? 20;
  }

  private get db() {
    return this.database.db;
  }

  /**
   * Takes the connection's lease when it is free, expired or already ours,
   * and answers the live owner (this process or another). The connection
   * must belong to the company named.
   */
  async acquire(connection: WhatsappConnectionRef): Promise<string | undefined> {
    const taken = rowsOf<{ owner: string }>(
      await this.db.execute(sql`
        INSERT INTO whatsapp_session_leases (whatsapp_id, company_id, owner, expires_at)
        SELECT id, company_id, ${this.instanceId}, now() + make_interval(secs => ${this.ttlSeconds})
          FROM whatsapps WHERE id = ${connection.id} AND company_id = ${connection.companyId}
        ON CONFLICT (whatsapp_id) DO UPDATE
          SET owner = excluded.owner, expires_at = excluded.expires_at
          WHERE whatsapp_session_leases.owner = excluded.owner
             OR whatsapp_session_leases.expires_at < now()
        RETURNING owner`),
    );
    if (taken[0]) return taken[0].owner;
    return this.ownerOf(connection);
  }

  /** The process holding a live lease on the connection, if any. */
  async ownerOf(connection: WhatsappConnectionRef): Promise<string | undefined> {
    const rows = rowsOf<{ owner: string }>(
      await this.db.execute(sql`
        SELECT owner FROM whatsapp_session_leases
         WHERE whatsapp_id = ${connection.id} AND company_id = ${connection.companyId}
           AND expires_at >= now()`),
    );
    return rows[0]?.owner;
  }

  /** Extends this process's leases on these connections; answers the ids still held. */
  async renew(connectionIds: number[]): Promise<Set<number>> {
    if (connectionIds.length === 0) return new Set();
    const rows = rowsOf<{ whatsapp_id: number }>(
      await this.db.execute(sql`
        UPDATE whatsapp_session_leases
           SET expires_at = now() + make_interval(secs => ${this.ttlSeconds})
         WHERE owner = ${this.instanceId}
           AND whatsapp_id IN (${sql.join(
             connectionIds.map((id) => sql`${id}`),
             sql`, `,
           )})
        RETURNING whatsapp_id`),
    );
    return new Set(rows.map((row) => Number(row.whatsapp_id)));
  }

  /** Gives the lease up (the session ended here, or this process shuts down). */
  async release(connectionId: number): Promise<void> {
    await this.db.execute(sql`
      DELETE FROM whatsapp_session_leases WHERE whatsapp_id = ${connectionId} AND owner = ${this.instanceId}`);
  }

  /**
   * Sessions that should run and run nowhere: paired connections (stored
   * creds) and unpaired ones whose owner died, with no live lease.
   */
  async orphans(): Promise<WhatsappConnectionRef[]> {
    const rows = rowsOf<{ id: number; company_id: number }>(
      await this.db.execute(sql`
        SELECT w.id, w.company_id FROM whatsapps w
         WHERE w.channel = 'whatsapp'
           AND (EXISTS (SELECT 1 FROM baileys_auth a
                         WHERE a.whatsapp_id = w.id AND a.company_id = w.company_id AND a.key = 'creds')
                OR EXISTS (SELECT 1 FROM whatsapp_session_leases l WHERE l.whatsapp_id = w.id))
           AND NOT EXISTS (SELECT 1 FROM whatsapp_session_leases l
                            WHERE l.whatsapp_id = w.id AND l.expires_at >= now())
         ORDER BY w.id`),
    );
    return rows.map((row) => ({ id: Number(row.id), companyId: Number(row.company_id) }));
  }

  /**
   * PGlite: only one process ever opens the data directory, so every lease
   * left in it belongs to an earlier run of this process and can go at once.
   */
  async forgetStaleLeases(): Promise<void> {
    if (this.database.pglite) await this.db.execute(sql`DELETE FROM whatsapp_session_leases`);
  }

  /** Starts hearing the commands addressed to this process (again after the listener failed). */
  async listen(handler: (command: ClusterCommand) => void, logger?: ILogger): Promise<void> {
    if (this.listening || this.connecting) return;
    this.connecting = true;
    try {
      await this.subscribe(handler, logger);
    } finally {
      this.connecting = false;
    }
  }

  private async subscribe(handler: (command: ClusterCommand) => void, logger?: ILogger): Promise<void> {
    const receive = (payload: string | undefined) => {
      if (!payload) return;
      try {
        const { to, command } = JSON.parse(payload) as { to: string; command: ClusterCommand };
        if (to === this.instanceId) handler(command);
      } catch (error) {
        logger?.warn({ error }, "whatsapp cluster: unreadable command");
      }
    };
    const { pglite, pool } = this.database;
    if (pglite) {
      this.unlisten = await pglite.listen(CHANNEL, receive);
      return;
    }
    if (!pool) return;
    const client = await pool.connect();
    this.listener = client;
    client.on("notification", (message) => {
      if (message.channel === CHANNEL) receive(message.payload);
    });
    client.on("error", (error) => {
      logger?.error({ error }, "whatsapp cluster: listener failed");
      if (this.listener === client) this.listener = undefined;
      client.release(error);
    });
    await client.query(`LISTEN ${CHANNEL}`);
  }

  get listening(): boolean {
    return Boolean(this.listener || this.unlisten);
  }

  /** Sends a command to the process that owns the session. */
  async tell(owner: string, command: ClusterCommand): Promise<void> {
    await this.db.execute(sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ to: owner, command })})`);
  }

  async close(): Promise<void> {
    const { listener, unlisten } = this;
    this.listener = undefined;
    this.unlisten = undefined;
    await unlisten?.().catch(() => {});
    if (!listener) return;
    await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
    listener.release();
  }
}
