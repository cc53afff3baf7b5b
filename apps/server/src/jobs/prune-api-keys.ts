import { MESSAGES_API_IDEMPOTENCY_HOURS } from "@inbox/shared";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.js";
import type { JobDefinition } from "./jobs.js";

export const PRUNE_API_KEYS = "messages-api.prune-keys";

/** Rows deleted per statement: short transactions, whatever the backlog. */
const PAGE = 5_000;

/**
 * Deletes the Messages API's idempotency keys older than their window, oldest
 * first, a page at a time: a key past MESSAGES_API_IDEMPOTENCY_HOURS counts as
 * new (a retry with it sends again), so its row is never read again. Answers
 * how many it deleted.
 */
export async function pruneApiKeys(db: Db, options: { hours?: number; deadlineMs?: number } = {}) {
  const hours = options.hours ?? MESSAGES_API_IDEMPOTENCY_HOURS;
  const deadline = Date.now() + (options.deadlineMs ?? 50_000);
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      WITH gone AS (
        DELETE FROM messages_api_keys WHERE id IN (
          SELECT id FROM messages_api_keys
          WHERE created_at <= now() - make_interval(hours => ${hours})
          ORDER BY created_at LIMIT ${PAGE}
        ) RETURNING 1
      ) SELECT count(*)::int AS n FROM gone`);
    const deleted = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    total += deleted;
    if (deleted < PAGE || Date.now() >= deadline) return total;
  }
}

/** Every hour (the window is a day: an hour late costs nothing). */
export function pruneApiKeysJob(db: Db): JobDefinition {
  return {
    name: PRUNE_API_KEYS,
    cron: "17 * * * *",
    async handle() {
      await pruneApiKeys(db);
    },
  };
}
