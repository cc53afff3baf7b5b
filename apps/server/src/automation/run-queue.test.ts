import { describe, expect, it } from "vitest";
import { RunQueue } from "./run-queue.js";

type Key = { companyId: number; ticketId: number };
const ticket = (ticketId: number): Key => ({ companyId: 1, ticketId });

async function until(done: () => boolean): Promise<void> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > 5_000) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A queue of batches of 2, one at a time, whose batches wait for `release`; `ran` lists them. */
function heldQueue() {
  const ran: number[][] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const queue = new RunQueue<Key>(2, 1, async (keys) => {
    ran.push(keys.map((k) => k.ticketId));
    await held;
    return new Set();
  });
  return { queue, ran, release: () => release() };
}

describe("RunQueue.stop (shutdown)", () => {
  it("lets the batch in flight end, starts no other, and lets go of the tickets still waiting", async () => {
    const { queue, ran, release } = heldQueue();
    const first = [1, 2].map((id) => queue.kick(ticket(id)));
    await until(() => ran.length === 1);
    const waiting = [3, 4].map((id) => queue.kick(ticket(id)));
    // Asked again while its batch runs: it would run once more after it.
    const again = queue.kick(ticket(1));

    let stopped = false;
    const stopping = queue.stop().then(() => {
      stopped = true;
    });
    await Promise.all(waiting);
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);

    release();
    await stopping;
    await Promise.all([...first, again]);
    await queue.kick(ticket(5));
    await queue.idle();
    expect(ran).toEqual([[1, 2]]);
  });

  it("without a stop, the waiting tickets and the one asked again run after the batch in flight", async () => {
    const { queue, ran, release } = heldQueue();
    const first = [1, 2].map((id) => queue.kick(ticket(id)));
    await until(() => ran.length === 1);
    const later = [3, 4, 1].map((id) => queue.kick(ticket(id)));
    release();
    await Promise.all([...first, ...later]);
    await queue.idle();
    expect(ran).toEqual([[1, 2], [3, 4], [1]]);
  });
});
