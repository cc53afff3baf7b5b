import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.js";
import { AppError } from "../http/app-error.js";

/**
 * Fixed-window counters kept in the database, so every server process shares
 * them and a restart does not reset an attack's count.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly windowSeconds: number,
  ) {}

  /** Counts one hit for `key`; throws 429 ERR_TOO_MANY_REQUESTS above `limit`. */
  async hit(key: string, limit: number): Promise<void> {
    const rows = await this.db.execute(sql`
      INSERT INTO rate_limit_buckets (key, window_start, hits)
      VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limit_buckets.window_start < now() - make_interval(secs => ${this.windowSeconds})
                    THEN 1 ELSE rate_limit_buckets.hits + 1 END,
        window_start = CASE WHEN rate_limit_buckets.window_start < now() - make_interval(secs => ${this.windowSeconds})
                    THEN now() ELSE rate_limit_buckets.window_start END
      RETURNING hits, window_start`);
    const row = rowsOf<{ hits: number; window_start: Date | string }>(rows)[0];
    if (row && Number(row.hits) > limit) {
      const started = new Date(row.window_start).getTime();
      const retryAfter = Math.max(1, Math.ceil((started + this.windowSeconds * 1000 - Date.now()) / 1000));
      throw new AppError("ERR_TOO_MANY_REQUESTS", {
        message: "Too many attempts. Try again later.",
        headers: { "retry-after": String(retryAfter) },
      });
    }
  }
}
