/**
 * A small time-bounded cache for hot lookups on the webhook path (connection
 * by key or account). Entries expire quickly, so an edited or deleted
 * connection is seen within seconds without cross-process invalidation.
 *
 * Under load, a miss or an expiry must not stall the path: concurrent misses
 * for one key share a single load, and an expired value keeps being served
 * while one refresh runs in the background (a hundred connections expiring
 * together would otherwise hold every request behind a hundred queries).
 * Background refreshes run a few at a time: after a quiet spell every entry
 * has expired, and a burst of traffic would otherwise start them all at once,
 * queueing a thousand reads on the database pool ahead of the burst's own.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<
    K,
    { value: Promise<V | undefined>; expires: number; loaded?: V; refreshing?: boolean }
  >();

  /** Background refreshes waiting for their turn, and how many run now. */
  private readonly refreshQueue: (() => void)[] = [];
  private refreshes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly maxRefreshes = 2,
  ) {}

  get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    if (hit?.loaded !== undefined) {
      if (!hit.refreshing) this.refresh(key, hit, load);
      return hit.value;
    }
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const entry: { value: Promise<V | undefined>; expires: number; loaded?: V } = {
      value: Promise.resolve(undefined),
      expires: this.expiry(),
    };
    entry.value = load().then(
      (loaded) => {
        if (this.entries.get(key) !== entry) return loaded;
        // Absent things are asked again next time: a connection created a moment ago must be found.
        if (loaded === undefined) this.entries.delete(key);
        else entry.loaded = loaded;
        return loaded;
      },
      (error: unknown) => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw error;
      },
    );
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Between half the period and the full one: entries loaded together (a
   * burst of traffic after a start) expire at different moments, so their
   * refreshes do not all hit the database at once.
   */
  private expiry(): number {
    return Date.now() + this.ttlMs * (0.5 + Math.random() / 2);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  private refresh(
    key: K,
    entry: { value: Promise<V | undefined>; expires: number; loaded?: V; refreshing?: boolean },
    load: () => Promise<V | undefined>,
  ): void {
    entry.refreshing = true;
    this.refreshQueue.push(() => {
      // Deleted or replaced while it waited: nothing to refresh.
      if (this.entries.get(key) !== entry) return;
      this.refreshes += 1;
      load()
        .then(
          (loaded) => {
            if (this.entries.get(key) !== entry) return;
            if (loaded === undefined) this.entries.delete(key);
            else this.entries.set(key, { value: Promise.resolve(loaded), loaded, expires: this.expiry() });
          },
          () => {
            // The store is unreachable: keep serving what we had, and try again after another period.
            entry.refreshing = false;
            entry.expires = this.expiry();
          },
        )
        .finally(() => {
          this.refreshes -= 1;
          this.nextRefresh();
        });
    });
    this.nextRefresh();
  }

  private nextRefresh(): void {
    while (this.refreshes < this.maxRefreshes) {
      const start = this.refreshQueue.shift();
      if (!start) return;
      start();
    }
  }
}
