import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "./client.js";

/**
 * A list's count when it rides on the page's rows: `count` (a query
 * answering one number) is a column of the page's statement, as
 * `(${count})`, uncorrelated so PostgreSQL runs it once, and the first row
 * carries it. A page with
 * no rows carries nothing: page 1 empty means nothing matches (0); an empty
 * page past the end asks the same count alone (`count` builds it then, not on
 * every page: the lists build their statements per request).
 */
export async function countOfPage(
  db: Db,
  firstRow: { count: unknown } | undefined,
  pageNumber: number,
  count: () => SQL,
): Promise<number> {
  if (firstRow) return Number(firstRow.count);
  if (pageNumber === 1) return 0;
  return Number(
    rowsOf<{ count: unknown }>(await db.execute(sql`SELECT (${count()}) AS count`))[0]?.count ?? 0,
  );
}
