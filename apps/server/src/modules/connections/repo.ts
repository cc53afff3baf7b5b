import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { companies, companySettings, whatsapps } from "../../db/schema/index.js";
import { attachQueues, connectionQueueLinks, replaceQueueLinks } from "../queues/links.js";
import type { ProviderIdField } from "./provider-ids.js";

export type ConnectionRow = typeof whatsapps.$inferSelect;
export type NewConnection = Omit<
  typeof whatsapps.$inferInsert,
  "id" | "companyId" | "createdAt" | "updatedAt"
>;
export type ConnectionWithQueues = ConnectionRow & { queues: { id: number; name: string; color: string }[] };
type Runner = Db | Tx;

export class ConnectionsRepo {
  constructor(private readonly db: Db) {}

  async list(companyId: number, channel?: string): Promise<ConnectionWithQueues[]> {
    const rows = await this.db
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), channel ? eq(whatsapps.channel, channel) : undefined))
      .orderBy(asc(whatsapps.name), asc(whatsapps.id));
    return attachQueues(this.db, connectionQueueLinks, companyId, rows);
  }

  /**
   * Every company's connections (GET /whatsapp/all, super only), by company then name, with the
   * company's name. Without their queues: another company's queue names are not the owner's concern.
   * Bounded by the plans' connection limits; the (company, name) index serves the order.
   */
  async listAll(): Promise<(ConnectionRow & { companyName: string })[]> {
    const rows = await this.db
      .select({ connection: whatsapps, companyName: companies.name })
      .from(whatsapps)
      .innerJoin(companies, eq(companies.id, whatsapps.companyId))
      .orderBy(asc(whatsapps.companyId), asc(whatsapps.name), asc(whatsapps.id));
    return rows.map((row) => ({ ...row.connection, companyName: row.companyName }));
  }

  async find(
    companyId: number,
    id: number,
    runner: Runner = this.db,
  ): Promise<ConnectionWithQueues | undefined> {
    const [row] = await runner
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
      .limit(1);
    return row ? (await attachQueues(runner, connectionQueueLinks, companyId, [row]))[0] : undefined;
  }

  async exists(companyId: number, id: number, runner: Runner = this.db): Promise<boolean> {
    const [row] = await runner
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
      .limit(1);
    return row !== undefined;
  }

  async count(companyId: number, runner: Runner = this.db): Promise<number> {
    const [row] = await runner
      .select({ value: count() })
      .from(whatsapps)
      .where(eq(whatsapps.companyId, companyId));
    return Number(row?.value ?? 0);
  }

  async nameTaken(
    companyId: number,
    name: string,
    exceptId?: number,
    runner: Runner = this.db,
  ): Promise<boolean> {
    const [row] = await runner
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(
        and(
          eq(whatsapps.companyId, companyId),
          eq(whatsapps.name, name),
          exceptId ? ne(whatsapps.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * Whether a connection other than `exceptId`, of any company, holds this provider id on this
   * channel (provider-ids.ts). Across companies on purpose: Meta delivers an account's webhooks to
   * one place. It answers yes or no, nothing of the other connection.
   */
  async providerIdTaken(
    channel: string,
    field: ProviderIdField,
    value: string,
    exceptId: number | undefined,
    runner: Runner = this.db,
  ): Promise<boolean> {
    const [row] = await runner
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(
        and(
          eq(whatsapps.channel, channel),
          eq(whatsapps[field], value),
          exceptId ? ne(whatsapps.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The company's Messenger and Instagram connections (to match pages found through Facebook Login). */
  async pageConnections(companyId: number, runner: Runner = this.db): Promise<ConnectionRow[]> {
    return runner
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), inArray(whatsapps.channel, ["facebook", "instagram"])));
  }

  async names(companyId: number, runner: Runner = this.db): Promise<string[]> {
    const rows = await runner
      .select({ name: whatsapps.name })
      .from(whatsapps)
      .where(eq(whatsapps.companyId, companyId));
    return rows.map((row) => row.name);
  }

  async insert(tx: Tx, companyId: number, values: NewConnection, queueIds: number[]): Promise<number> {
    const [row] = await tx
      .insert(whatsapps)
      .values({ ...values, companyId })
      .returning({ id: whatsapps.id });
    if (!row) throw new Error("insert returned no row");
    await replaceQueueLinks(tx, connectionQueueLinks, companyId, row.id, queueIds);
    return row.id;
  }

  async update(
    tx: Tx,
    companyId: number,
    id: number,
    values: Partial<NewConnection>,
    queueIds?: number[],
  ): Promise<boolean> {
    const rows = await tx
      .update(whatsapps)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
      .returning({ id: whatsapps.id });
    if (queueIds) await replaceQueueLinks(tx, connectionQueueLinks, companyId, id, queueIds);
    return rows.length > 0;
  }

  /** The company's userRating setting (spec 2 section 5: it makes the rating message and NPS expiry required). */
  async userRatingEnabled(companyId: number, runner: Runner = this.db): Promise<boolean> {
    const [row] = await runner
      .select({ userRating: companySettings.userRating })
      .from(companySettings)
      .where(eq(companySettings.companyId, companyId))
      .limit(1);
    return row?.userRating === "enabled";
  }

  /** One default connection per company: setting one clears the others. */
  async clearDefault(tx: Tx, companyId: number, exceptId: number): Promise<void> {
    await tx
      .update(whatsapps)
      .set({ isDefault: false })
      .where(
        and(eq(whatsapps.companyId, companyId), ne(whatsapps.id, exceptId), eq(whatsapps.isDefault, true)),
      );
  }

  async delete(companyId: number, id: number): Promise<void> {
    await this.db.delete(whatsapps).where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)));
  }
}
