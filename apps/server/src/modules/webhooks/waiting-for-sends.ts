/** A delivery waits this long in memory for the send its status is about; then the sweeper has it. */
const WAIT_MS = 60_000;
const MAX_WAITING = 10_000;

/**
 * Deliveries whose statuses name messages not stored yet, by connection and provider id: a status
 * often outruns the answer of the send it is about. When this process stores that id, the webhook
 * loop processes the delivery again at once instead of at the next sweep (a minute or more). Best
 * effort and bounded: the stored row and the sweeper stay the guarantee, for a send stored by
 * another process or an id that never comes.
 */
export class WaitingForSends<D extends { whatsappId: number }> {
  private readonly waiting = new Map<string, { delivery: D; at: number }>();

  add(delivery: D, providerMessageIds: string[], now = Date.now()): void {
    for (const [key, entry] of this.waiting) {
      // Oldest first (insertion order): past the wait, or beyond the bound, they are the sweeper's.
      if (now - entry.at < WAIT_MS && this.waiting.size < MAX_WAITING) break;
      this.waiting.delete(key);
    }
    for (const id of providerMessageIds)
      this.waiting.set(`${delivery.whatsappId}:${id}`, { delivery, at: now });
  }

  /** The delivery that waited for this id of this connection, once. */
  take(connectionId: number, providerMessageId: string): D | undefined {
    const key = `${connectionId}:${providerMessageId}`;
    const entry = this.waiting.get(key);
    this.waiting.delete(key);
    return entry?.delivery;
  }
}
