import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { queues, whatsappQueues, whatsapps } from "../../db/schema/index.js";

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
    return this.attachQueues(companyId, rows);
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
    return row ? (await this.attachQueues(companyId, [row], runner))[0] : undefined;
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

  async insert(tx: Tx, companyId: number, values: NewConnection, queueIds: number[]): Promise<number> {
    const [row] = await tx
      .insert(whatsapps)
      .values({ ...values, companyId })
      .returning({ id: whatsapps.id });
    if (!row) throw new Error("insert returned no row");
    await this.replaceQueues(tx, companyId, row.id, queueIds);
    return row.id;
  }

  async update(
    tx: Tx,
    companyId: number,
    id: number,
    values: Partial<NewConnection>,
    queueIds?: number[],
  ): Promise<void> {
    await tx
      .update(whatsapps)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)));
    if (queueIds) await this.replaceQueues(tx, companyId, id, queueIds);
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

  async existingQueueIds(companyId: number, ids: number[], runner: Runner = this.db): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await runner
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)));
    return rows.map((r) => r.id);
  }

  private async replaceQueues(
    tx: Tx,
    companyId: number,
    whatsappId: number,
    queueIds: number[],
  ): Promise<void> {
    await tx
      .delete(whatsappQueues)
      .where(and(eq(whatsappQueues.companyId, companyId), eq(whatsappQueues.whatsappId, whatsappId)));
    if (queueIds.length > 0) {
      await tx
        .insert(whatsappQueues)
        .values([...new Set(queueIds)].map((queueId) => ({ companyId, whatsappId, queueId })));
    }
  }

  private async attachQueues(
    companyId: number,
    rows: ConnectionRow[],
    runner: Runner = this.db,
  ): Promise<ConnectionWithQueues[]> {
    if (rows.length === 0) return [];
    const links = await runner
      .select({
        whatsappId: whatsappQueues.whatsappId,
        id: queues.id,
        name: queues.name,
        color: queues.color,
      })
      .from(whatsappQueues)
      .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
      .where(
        and(
          eq(whatsappQueues.companyId, companyId),
          inArray(
            whatsappQueues.whatsappId,
            rows.map((r) => r.id),
          ),
        ),
      )
      .orderBy(asc(queues.name));
    return rows.map((row) => ({
      ...row,
      queues: links
        .filter((l) => l.whatsappId === row.id)
        .map(({ id, name, color }) => ({ id, name, color })),
    }));
  }
}
