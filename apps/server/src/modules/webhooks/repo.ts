import { and, asc, eq, gt, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { insertRows, rowsJson } from "../../db/json-rows.js";
import { fixedStatement, preparedPer } from "../../db/prepared.js";
import { webhookDeliveries, whatsapps } from "../../db/schema/index.js";

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewDelivery = Pick<DeliveryRow, "companyId" | "whatsappId" | "channel" | "body">;
/** What the webhook path needs of a connection (the hot path reads only these columns). */
export type WebhookConnection = Pick<
  typeof whatsapps.$inferSelect,
  "id" | "companyId" | "channel" | "appSecret" | "verifyToken"
>;

/**
 * The connection lookups of every webhook (cached a few seconds by the service), prepared once per
 * database handle (db/prepared.ts): planning them cost PostgreSQL more than running them.
 */
const lookups = preparedPer((db) => {
  const byAccountIn = (column: PgColumn, name: string) =>
    db
      .select({ id: whatsapps.id, companyId: whatsapps.companyId })
      .from(whatsapps)
      .where(
        and(eq(whatsapps.companyId, sql.placeholder("companyId")), eq(column, sql.placeholder("accountId"))),
      )
      .limit(1)
      .prepare(name);
  return {
    byKey: db
      .select({
        id: whatsapps.id,
        companyId: whatsapps.companyId,
        channel: whatsapps.channel,
        appSecret: whatsapps.appSecret,
        verifyToken: whatsapps.verifyToken,
      })
      .from(whatsapps)
      .where(eq(whatsapps.webhookKey, sql.placeholder("key")))
      .limit(1)
      .prepare("webhook_connection_by_key"),
    byAccount: {
      whatsappapi: byAccountIn(whatsapps.phoneNumberId, "webhook_connection_by_phone_number_id"),
      instagram: byAccountIn(whatsapps.instagramId, "webhook_connection_by_instagram_id"),
      facebook: byAccountIn(whatsapps.pageId, "webhook_connection_by_page_id"),
    },
  };
});

const DELIVERY_KEYS = ["companyId", "whatsappId", "channel", "body"] as const;

/**
 * The writes of every accepted and processed delivery: fixed texts, their rows and ids as one
 * parameter each (db/prepared.ts), so PostgreSQL plans them once per connection.
 */
const writes = {
  store: fixedStatement<{ id: number | string }>(
    "webhook_deliveries_store",
    () => sql`${insertRows(webhookDeliveries, DELIVERY_KEYS, sql.placeholder("rows"))} RETURNING id`,
  ),
  /** Processed: its messages are stored, and the raw delivery goes (db/schema/deliveries.ts). */
  deleteProcessed: fixedStatement(
    "webhook_deliveries_processed",
    () => sql`DELETE FROM ${webhookDeliveries} WHERE id = ANY(${sql.placeholder("ids")}::bigint[])`,
  ),
};

export class WebhooksRepo {
  constructor(private readonly db: Db) {}

  /** The connection a webhook URL names; its key is the only way in, so this lookup is not tenant-scoped. */
  async connectionByKey(key: string): Promise<WebhookConnection | undefined> {
    const [row] = await lookups(this.db).byKey.execute({ key });
    return row;
  }

  /** A connection of the same company that Meta names by `accountId` (phone number id, page id or IG id). */
  async connectionByAccount(
    companyId: number,
    channel: string,
    accountId: string,
  ): Promise<{ id: number; companyId: number } | undefined> {
    const byAccount = lookups(this.db).byAccount;
    const statement =
      channel === "whatsappapi"
        ? byAccount.whatsappapi
        : channel === "instagram"
          ? byAccount.instagram
          : byAccount.facebook;
    const [row] = await statement.execute({ companyId, accountId });
    return row;
  }

  /**
   * The app-level callback (`/webhooks/meta`): the connections, of any
   * company, that Meta names by these account ids and that belong to the
   * platform's Meta app (their app secret is the platform's), so no tenant
   * can claim another's page by typing its id.
   */
  async connectionsByAccounts(
    channel: "whatsappapi" | "facebook" | "instagram",
    accountIds: string[],
    appSecret: string,
  ): Promise<{ id: number; companyId: number; channel: string; accountId: string }[]> {
    if (accountIds.length === 0) return [];
    const column =
      channel === "whatsappapi"
        ? whatsapps.phoneNumberId
        : channel === "instagram"
          ? whatsapps.instagramId
          : whatsapps.pageId;
    const rows = await this.db
      .select({
        id: whatsapps.id,
        companyId: whatsapps.companyId,
        channel: whatsapps.channel,
        accountId: column,
      })
      .from(whatsapps)
      .where(
        and(eq(whatsapps.channel, channel), inArray(column, accountIds), eq(whatsapps.appSecret, appSecret)),
      )
      .orderBy(asc(whatsapps.id));
    return rows.map((row) => ({ ...row, accountId: row.accountId ?? "" }));
  }

  /**
   * Stores deliveries with one INSERT; answers their ids in the given order
   * (PostgreSQL returns the rows of an INSERT ... SELECT in the order given).
   */
  async storeMany(deliveries: NewDelivery[]): Promise<number[]> {
    const rows = await writes.store(this.db, { rows: rowsJson(DELIVERY_KEYS, deliveries) });
    return rows.map((r) => Number(r.id));
  }

  async deleteProcessed(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await writes.deleteProcessed(this.db, { ids });
  }

  async markFailed(id: number, error: string): Promise<void> {
    await this.db
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastError: error.slice(0, 1000) })
      .where(eq(webhookDeliveries.id, id));
  }

  /** The backlog after `afterId`, in arrival order. */
  async unprocessedAfter(afterId: number, limit: number) {
    return this.unprocessedAfterQuery(afterId, limit);
  }

  /** Unprocessed deliveries old enough that their first processing has surely ended (or died). */
  async pending(olderThan: Date, maxAttempts: number, limit: number) {
    return this.pendingQuery(olderThan, maxAttempts, limit);
  }

  /** The backlog's next page, as a query (its plan is tested: the primary key, in id order). */
  unprocessedAfterQuery(afterId: number, limit: number) {
    return this.unprocessed(gt(webhookDeliveries.id, afterId), limit);
  }

  /** The sweeper's read, as a query (its plan is tested like the backlog's). */
  pendingQuery(olderThan: Date, maxAttempts: number, limit: number) {
    return this.unprocessed(
      and(lt(webhookDeliveries.receivedAt, olderThan), lt(webhookDeliveries.attempts, maxAttempts)),
      limit,
    );
  }

  /**
   * Unprocessed deliveries (every row left: a processed one is deleted) that also meet `where`, in
   * arrival order (ids are taken as rows arrive).
   */
  private unprocessed(where: SQL | undefined, limit: number) {
    return this.db
      .select({
        id: webhookDeliveries.id,
        companyId: webhookDeliveries.companyId,
        whatsappId: webhookDeliveries.whatsappId,
        channel: webhookDeliveries.channel,
        body: webhookDeliveries.body,
      })
      .from(webhookDeliveries)
      .where(where)
      .orderBy(asc(webhookDeliveries.id))
      .limit(limit);
  }
}
