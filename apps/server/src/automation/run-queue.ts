/** A ticket's key: its company and id. */
export const keyOf = (key: { companyId: number; ticketId: number }) => `${key.companyId}:${key.ticketId}`;

/** Callers waiting for a ticket's run, and whether another run was asked while one was in flight. */
interface Pending<K> {
  key: K;
  waiters: (() => void)[];
}

/**
 * The runner's tickets in this process (runner.ts): waiting for a batch, or in one. A ticket asked
 * again while its batch runs runs once more after it; `run` answers the tickets that have more to
 * read, which go back in the queue. At most `runsAtOnce` batches of `batchSize` at a time.
 */
export class RunQueue<K extends { companyId: number; ticketId: number }> {
  /** Tickets waiting for a batch, in arrival order. */
  private readonly queued = new Map<string, Pending<K>>();
  /** Tickets in a batch now; `again` holds the callers of the run asked meanwhile. */
  private readonly running = new Map<string, { again?: Pending<K>; done: Promise<void> }>();
  private batches = 0;
  /** Shutting down (stop): nothing more starts. */
  private stopped = false;

  constructor(
    private readonly batchSize: number,
    private readonly runsAtOnce: number,
    private readonly run: (keys: K[]) => Promise<Set<string>>,
  ) {}

  /** Resolves once no run is queued or in flight in this process (tests: "nothing more will be sent"). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.queued.size > 0) {
      if (this.running.size > 0) await Promise.all([...this.running.values()].map((r) => r.done));
      // Queued but not started yet: the pump runs on the next turn of the event loop.
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Shutting down, before the database closes: no batch starts any more, and the tickets waiting
   * for one are let go (their due marks stay, for the sweeper of the next boot). Resolves once the
   * batches in flight have ended, so none is cut off by a closed pool.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const pending of this.queued.values()) for (const wake of pending.waiters) wake();
    this.queued.clear();
    await Promise.all(new Set([...this.running.values()].map((r) => r.done)));
  }

  /**
   * Runs the ticket in the next batch, or once more after the run in flight; resolves when it has
   * run (or, once stopped, at once: the ticket's due mark is the next boot's).
   */
  kick(key: K): Promise<void> {
    const id = keyOf(key);
    if (this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const inFlight = this.running.get(id);
      if (inFlight) {
        inFlight.again ??= { key, waiters: [] };
        inFlight.again.waiters.push(resolve);
        return;
      }
      const waiting = this.queued.get(id);
      if (waiting) waiting.waiters.push(resolve);
      else this.queued.set(id, { key, waiters: [resolve] });
      this.schedulePump();
    });
  }

  private pumpScheduled = false;

  /** Starts batches once the current burst of notifications (one ingest commit's tickets) has queued. */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /** Starts batches while there are tickets waiting and room for them. */
  private pump(): void {
    while (!this.stopped && this.batches < this.runsAtOnce && this.queued.size > 0) {
      const batch: Pending<K>[] = [];
      for (const [id, pending] of this.queued) {
        this.queued.delete(id);
        batch.push(pending);
        if (batch.length === this.batchSize) break;
      }
      this.batches += 1;
      let finish = () => {};
      const done = new Promise<void>((resolve) => {
        finish = resolve;
      });
      for (const pending of batch) this.running.set(keyOf(pending.key), { done });
      void this.run(batch.map((p) => p.key)).then((more) => {
        this.batches -= 1;
        for (const pending of batch) {
          const id = keyOf(pending.key);
          const again = this.running.get(id)?.again;
          this.running.delete(id);
          for (const wake of pending.waiters) wake();
          if (this.stopped) {
            for (const wake of again?.waiters ?? []) wake();
          } else if (again || more.has(id)) {
            const next = again ?? { key: pending.key, waiters: [] };
            const waiting = this.queued.get(id);
            if (waiting) waiting.waiters.push(...next.waiters);
            else this.queued.set(id, next);
          }
        }
        finish();
        this.pump();
      });
    }
  }
}
