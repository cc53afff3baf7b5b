import { and, asc, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.js";
import { queues, userQueues, whatsappQueues } from "../../db/schema/index.js";
import { AppError } from "../../http/app-error.js";

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

/** A table linking an owner (a user, a connection) to queues. */
interface QueueLinkTable<T extends PgTable> {
  table: T;
  company: PgColumn;
  owner: PgColumn;
  queue: PgColumn;
  row(companyId: number, ownerId: number, queueId: number): T["$inferInsert"];
}

export const userQueueLinks: QueueLinkTable<typeof userQueues> = {
  table: userQueues,
  company: userQueues.companyId,
  owner: userQueues.userId,
  queue: userQueues.queueId,
  row: (companyId, userId, queueId) => ({ companyId, userId, queueId }),
};

export const connectionQueueLinks: QueueLinkTable<typeof whatsappQueues> = {
  table: whatsappQueues,
  company: whatsappQueues.companyId,
  owner: whatsappQueues.whatsappId,
  queue: whatsappQueues.queueId,
  row: (companyId, whatsappId, queueId) => ({ companyId, whatsappId, queueId }),
};

type Runner = Db | Tx;

/** The ids, without repeats, once every one is a queue of the company; otherwise 400 on `queueIds`. */
export async function checkedQueueIds(
  runner: Runner,
  companyId: number,
  queueIds: number[],
): Promise<number[]> {
  const unique = [...new Set(queueIds)];
  if (unique.length === 0) return [];
  const found = await runner
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, unique)));
  if (found.length !== unique.length)
    throw new AppError("ERR_VALIDATION", { field: "queueIds", message: "Unknown queue" });
  return unique;
}

export async function replaceQueueLinks<T extends PgTable>(
  tx: Tx,
  link: QueueLinkTable<T>,
  companyId: number,
  ownerId: number,
  queueIds: number[],
): Promise<void> {
  await tx.delete(link.table).where(and(eq(link.company, companyId), eq(link.owner, ownerId)));
  if (queueIds.length > 0) {
    await tx.insert(link.table).values(queueIds.map((queueId) => link.row(companyId, ownerId, queueId)));
  }
}

/** Every owner's queues in one query (never one query per row), by queue name. */
export async function attachQueues<T extends PgTable, R extends { id: number }>(
  runner: Runner,
  link: QueueLinkTable<T>,
  companyId: number,
  rows: R[],
): Promise<(R & { queues: QueueRef[] })[]> {
  if (rows.length === 0) return [];
  const table: PgTable = link.table;
  const links = await runner
    .select({ ownerId: link.owner, id: queues.id, name: queues.name, color: queues.color })
    .from(table)
    .innerJoin(queues, eq(queues.id, link.queue))
    .where(
      and(
        eq(link.company, companyId),
        inArray(
          link.owner,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(queues.name));
  return rows.map((row) => ({
    ...row,
    queues: links.filter((l) => l.ownerId === row.id).map(({ id, name, color }) => ({ id, name, color })),
  }));
}
