import { sql } from "drizzle-orm";
import { hasStoredCreds } from "../../channels/whatsapp/auth-state.js";
import { type Db, rowsOf } from "../../db/client.js";
import { ticketLogs, tickets, whatsapps } from "../../db/schema/index.js";
import { rowOf } from "../../db/tenant-scope.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import { TicketsRepo } from "../tickets/repo.js";
import { presentDetail } from "../tickets/service.js";
import { authorizeManage } from "./policy.js";
import { presentConnection } from "./presenter.js";
import { ConnectionsRepo } from "./repo.js";
import type { SessionControl } from "./service.js";

/**
 * statusImportMessages once an import ended without closing its tickets (the Whaticket family's
 * value): the connections table offers to close them (POST /closedimported/{id}).
 */
export const IMPORT_CLOSE_PENDING = "renderButtonCloseTickets";

export interface SessionActionsDeps {
  db: Db;
  realtime: Realtime;
  events: TicketEvents;
  sessions?: SessionControl;
  publicUrl: string;
}

/** POST /whatsapp-restart and POST /closedimported/{id} (spec 2 section 7). */
export class ConnectionSessionActions {
  private readonly repo: ConnectionsRepo;

  constructor(private readonly deps: SessionActionsDeps) {
    this.repo = new ConnectionsRepo(deps.db);
  }

  /**
   * Every WhatsApp Web session of the company closes its socket and opens a new one, keeping its
   * pairing: those running, and those paired but not running. A connection never paired stays as it
   * is (restarting it would only show a QR code nobody asked for). Answers how many restarted.
   */
  async restartAll(ctx: RequestContext): Promise<number> {
    authorizeManage(ctx.user);
    const sessions = this.deps.sessions;
    if (!sessions) throw new AppError("ERR_WAPP_NOT_INITIALIZED", { status: 503 });
    let restarted = 0;
    for (const connection of await this.repo.list(ctx.companyId, "whatsapp")) {
      const scope = { companyId: ctx.companyId, whatsappId: connection.id };
      if (connection.status === "DISCONNECTED" && !(await hasStoredCreds(this.deps.db, scope))) continue;
      await sessions.stop(connection, { logout: false });
      await sessions.start(connection);
      restarted += 1;
    }
    return restarted;
  }

  /**
   * Closes the tickets a message import opened on this connection and left unclosed (the
   * Whaticket family's closeTicketsImported), logged "closed" without a user; the lists hear each.
   * The connection no longer offers the action. Answers how many were closed.
   */
  async closeImported(ctx: RequestContext, id: number): Promise<number> {
    authorizeManage(ctx.user);
    if (!(await this.repo.exists(ctx.companyId, id))) throw new AppError("ERR_NO_WAPP_FOUND");
    return closeImportedTickets(this.deps, ctx.companyId, id);
  }
}

/**
 * Closes the connection's imported tickets that are not closed, clears its import status, and
 * tells the lists (each ticket), the connections page (the connection) and importMessages-{id}.
 */
export async function closeImportedTickets(
  deps: Omit<SessionActionsDeps, "sessions">,
  companyId: number,
  id: number,
): Promise<number> {
  const closed = await deps.db.transaction(async (tx) => {
    const rows = rowsOf<{ id: number; queue_id: number | null; before: string }>(
      await tx.execute(sql`
        WITH target AS (
          SELECT t.id, t.status FROM ${tickets} t
          WHERE t.company_id = ${companyId} AND t.whatsapp_id = ${id}
            AND t.imported_at IS NOT NULL AND t.status <> 'closed'
          ORDER BY t.id
          FOR UPDATE OF t
        )
        UPDATE ${tickets} t SET status = 'closed', closed_at = now(), updated_at = now()
        FROM target WHERE t.id = target.id
        RETURNING t.id, t.queue_id, target.status AS before`),
    );
    if (rows.length > 0)
      await tx.insert(ticketLogs).values(
        rows.map((row) => ({
          companyId,
          ticketId: Number(row.id),
          type: "closed",
          userId: null,
          queueId: row.queue_id,
        })),
      );
    await tx
      .update(whatsapps)
      .set({ statusImportMessages: null, updatedAt: new Date() })
      .where(rowOf(whatsapps, companyId, id));
    return rows.map((row) => ({ id: Number(row.id), before: row.before }));
  });
  const before = new Map(closed.map((row) => [row.id, row.before]));
  const details = await new TicketsRepo(deps.db).findByIds(
    companyId,
    closed.map((row) => row.id),
  );
  for (const detail of details) {
    const dto = presentDetail(detail);
    deps.events.ticketChanged(companyId, dto, "update", { ...dto, status: before.get(dto.id) ?? "pending" });
  }
  await announceConnection(deps, companyId, id);
  deps.realtime.toCompany(companyId, "importMessages", { action: "refresh", whatsappId: id });
  return closed.length;
}

/** company-{id}-whatsapp `update`, without manager-only fields (every socket of the company hears it). */
export async function announceConnection(
  deps: { db: Db; realtime: Realtime; publicUrl: string },
  companyId: number,
  id: number,
): Promise<void> {
  const connection = await new ConnectionsRepo(deps.db).find(companyId, id);
  if (connection)
    deps.realtime.toCompany(companyId, "whatsapp", {
      action: "update",
      whatsapp: presentConnection(connection, deps.publicUrl, { forManager: false }),
    });
}
