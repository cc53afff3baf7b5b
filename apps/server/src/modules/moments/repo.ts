import { asc, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/client.js";
import { queues, whatsapps } from "../../db/schema/index.js";
import { ofCompany } from "../../db/tenant-scope.js";

export interface MomentUserRow {
  id: number;
  name: string;
  online: boolean;
  /** Open tickets the user holds (their column's size). */
  open: number;
}

export interface MomentTicketRow {
  id: number;
  uuid: string;
  status: string;
  user_id: number | null;
  last_message: string;
  unread_messages: number;
  /** ISO 8601 in UTC, as `Date.toISOString` writes it. */
  created_at: string;
  updated_at: string;
  contact_id: number;
  contact_name: string;
  contact_number: string;
  contact_picture: string | null;
  queue_id: number | null;
  whatsapp_id: number | null;
}

/**
 * A timestamptz as `Date.toISOString` writes it, made by PostgreSQL: the cards' times need no Date
 * parsed and formatted again per row in the server.
 */
const isoText = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The panel's reads. Every statement walks an index range of one company
 * (tickets_company_user_status_order_idx for a user's open tickets and the
 * open ones nobody holds, tickets_company_status_updated_idx for the pending
 * ones) and stops after `cap` rows, so the answer costs the same with 2,000 or
 * 200,000 tickets; closed tickets are never read. The order is written
 * `DESC NULLS LAST`, the indexes' own: a bare `DESC` (NULLS FIRST) made
 * PostgreSQL read each range whole and sort it.
 */
export class MomentsRepo {
  constructor(private readonly db: Db) {}

  /** The company's users by name, each with how many open tickets they hold (an index-only count). */
  async usersWithOpenCounts(companyId: number): Promise<MomentUserRow[]> {
    const rows = rowsOf<MomentUserRow & { open: number | string }>(
      await this.db.execute(sql`
        SELECT u.id, u.name, u.online,
          (SELECT count(*) FROM tickets t
            WHERE t.company_id = ${companyId} AND t.user_id = u.id AND t.status = 'open') AS open
        FROM users u
        WHERE u.company_id = ${companyId}
        ORDER BY u.name, u.id`),
    );
    return rows.map((r) => ({ ...r, open: Number(r.open) }));
  }

  /** 'Pendentes': pending tickets plus open ones nobody holds. */
  async pendingCount(companyId: number): Promise<number> {
    const [row] = rowsOf<{ n: number | string }>(
      await this.db.execute(sql`
        SELECT
          (SELECT count(*) FROM tickets WHERE company_id = ${companyId} AND status = 'pending') +
          (SELECT count(*) FROM tickets WHERE company_id = ${companyId} AND user_id IS NULL AND status = 'open')
          AS n`),
    );
    return Number(row?.n ?? 0);
  }

  /**
   * The cards: for each user their `cap` most recently updated open tickets,
   * and the `cap` most recent of the pending ones and of the open ones nobody
   * holds (the service cuts 'Pendentes' to `cap`); then the details of those
   * ids only. The user, queue and connection go by id: their names are the
   * answer's lists.
   */
  async tickets(companyId: number, cap: number): Promise<MomentTicketRow[]> {
    return rowsOf<MomentTicketRow>(
      await this.db.execute(sql`
        WITH picked AS (
          (SELECT t.id FROM tickets t
            WHERE t.company_id = ${companyId} AND t.status = 'pending'
            ORDER BY t.updated_at DESC NULLS LAST, t.id DESC NULLS LAST LIMIT ${cap})
          UNION ALL
          (SELECT t.id FROM tickets t
            WHERE t.company_id = ${companyId} AND t.user_id IS NULL AND t.status = 'open'
            ORDER BY t.updated_at DESC NULLS LAST, t.id DESC NULLS LAST LIMIT ${cap})
          UNION ALL
          SELECT held.id FROM users u CROSS JOIN LATERAL (
            SELECT t.id FROM tickets t
            WHERE t.company_id = ${companyId} AND t.user_id = u.id AND t.status = 'open'
            ORDER BY t.updated_at DESC NULLS LAST, t.id DESC NULLS LAST LIMIT ${cap}
          ) held
          WHERE u.company_id = ${companyId}
        )
        SELECT t.id, t.uuid, t.status, t.user_id, t.last_message, t.unread_messages,
          ${isoText(sql`t.created_at`)} AS created_at, ${isoText(sql`t.updated_at`)} AS updated_at,
          c.id AS contact_id, c.name AS contact_name, c.number AS contact_number, c.profile_pic_url AS contact_picture,
          t.queue_id, t.whatsapp_id
        FROM picked
        JOIN tickets t ON t.id = picked.id AND t.company_id = ${companyId}
        JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id
        ORDER BY t.updated_at DESC NULLS LAST, t.id DESC NULLS LAST`),
    );
  }

  async queues(companyId: number) {
    return this.db
      .select({ id: queues.id, name: queues.name, color: queues.color })
      .from(queues)
      .where(ofCompany(queues, companyId))
      .orderBy(asc(queues.name), asc(queues.id));
  }

  async whatsapps(companyId: number) {
    return this.db
      .select({ id: whatsapps.id, name: whatsapps.name, channel: whatsapps.channel })
      .from(whatsapps)
      .where(ofCompany(whatsapps, companyId))
      .orderBy(asc(whatsapps.name), asc(whatsapps.id));
  }
}
