import type { NewDelivery, WebhooksRepo } from "./repo.js";

/** Most deliveries written by one INSERT; bounds the statement's size. */
const MAX_GROUP = 500;

interface Waiting {
  delivery: NewDelivery;
  resolve(id: number): void;
  reject(error: unknown): void;
}

/**
 * Group commit for accepted webhooks. While one INSERT is in flight, the
 * deliveries arriving meanwhile wait and are written together by the next
 * one, so under load a round trip stores many rows, and when idle a delivery
 * is written at once. Every caller still gets its own id only after its row
 * is durable.
 */
export class DeliveryWriter {
  private waiting: Waiting[] = [];
  private writing?: Promise<void>;

  constructor(private readonly repo: Pick<WebhooksRepo, "storeMany">) {}

  store(delivery: NewDelivery): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.waiting.push({ delivery, resolve, reject });
      this.writing ??= this.writeAll().finally(() => {
        this.writing = undefined;
      });
    });
  }

  /** Resolves once nothing is waiting or being written (shutdown). */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async writeAll(): Promise<void> {
    // Let the requests already parsed in this turn of the event loop join the first group.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, MAX_GROUP);
      await this.write(group);
    }
  }

  private async write(group: Waiting[]): Promise<void> {
    try {
      const ids = await this.repo.storeMany(group.map((w) => w.delivery));
      group.forEach((w, i) => {
        const id = ids[i];
        if (id === undefined) w.reject(new Error("delivery insert returned no row"));
        else w.resolve(id);
      });
    } catch (error) {
      // One bad row (its connection just deleted) must not fail the others: write them one by one.
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      for (const waiting of group) await this.write([waiting]);
    }
  }
}
