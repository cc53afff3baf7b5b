import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { settings } from "../../db/schema/index.js";
import { ofCompany } from "../../db/tenant-scope.js";
import { TtlCache } from "../../ingest/ttl-cache.js";

const MB = 1024 * 1024;

/**
 * The company's download limit in bytes: its `downloadLimit` setting (spec 2,
 * in MB: 32 to 2048), read at most once a minute per company; undefined when
 * it has none (the media fetcher then uses MEDIA_FETCH_MAX_MB).
 */
export function companyDownloadLimit(db: Db): (companyId: number) => Promise<number | undefined> {
  const cache = new TtlCache<number, number>(60_000);
  return (companyId) =>
    cache.get(companyId, async () => {
      const [row] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(ofCompany(settings, companyId, eq(settings.key, "downloadLimit")))
        .limit(1);
      const mb = Number(row?.value);
      return Number.isFinite(mb) && mb > 0 ? mb * MB : undefined;
    });
}
