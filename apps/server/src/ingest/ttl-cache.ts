/**
 * A small time-bounded cache for hot lookups on the webhook path (connection
 * by key or account). Entries expire quickly, so an edited or deleted
 * connection is seen within seconds without cross-process invalidation.
 * Concurrent misses for one key share a single load, so an expiry under load
 * costs one query, not one per request waiting on it.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V | undefined>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load().then(
      (loaded) => {
        // Absent things are asked again next time: a connection created a moment ago must be found.
        if (loaded === undefined && this.entries.get(key)?.value === value) this.entries.delete(key);
        return loaded;
      },
      (error: unknown) => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
        throw error;
      },
    );
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
