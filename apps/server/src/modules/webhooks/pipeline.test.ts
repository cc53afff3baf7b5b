import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectedCompany, eventually, startMetaWorld } from "../../../test/meta.js";
import type { PreparedDeliveries, SinkEvents } from "../../channels/types.js";
import { messages } from "../../db/schema/index.js";

let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

/** A gate the test opens. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("the webhook loop", () => {
  it("prepares the next batch while one commits, commits in order, and a reply finds the message of the batch before", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const ingest = world.server.ingest;
    const prepareMany = ingest.prepareMany.bind(ingest);
    // The real ingest, with its two steps recorded and the first batch held at two points.
    const steps: string[] = [];
    const firstPrepared = gate();
    const firstCommit = gate();
    let batches = 0;
    ingest.prepareMany = async (deliveries: SinkEvents[][]): Promise<PreparedDeliveries> => {
      const n = ++batches;
      steps.push(`prepare ${n}`);
      const prepared = await prepareMany(deliveries);
      if (n === 1) await firstPrepared.opened;
      steps.push(`prepared ${n}`);
      return {
        commit: async () => {
          if (n === 1) await firstCommit.opened;
          steps.push(`commit ${n}`);
          const failures = await prepared.commit();
          steps.push(`committed ${n}`);
          return failures;
        },
      };
    };
    try {
      const from = "5511944443333";
      const first = await world.sim.cloud.text(account.accountId, { from, body: "pergunta" });
      await eventually(async () => steps.includes("prepare 1"));
      // Queued while the first batch is being prepared: it is the next batch.
      await world.sim.cloud.text(account.accountId, {
        from,
        body: "respondendo",
        context: { id: first.providerMessageId } as never,
      });
      firstPrepared.open();
      // The second batch is prepared while the first has not committed.
      await eventually(async () => steps.includes("prepared 2"));
      expect(steps).not.toContain("committed 1");
      firstCommit.open();
      const stored = await eventually(async () => {
        const rows = await world.server.database.db
          .select()
          .from(messages)
          .where(eq(messages.companyId, account.team.company.id))
          .orderBy(messages.id);
        return rows.length === 2 ? rows : undefined;
      });
      expect(steps).toEqual([
        "prepare 1",
        "prepared 1",
        "prepare 2",
        "prepared 2",
        "commit 1",
        "committed 1",
        "commit 2",
        "committed 2",
      ]);
      expect(stored.map((m) => m.body)).toEqual(["pergunta", "respondendo"]);
      // The reply was prepared before the message it answers was stored, and still points at it.
      expect(stored[1]?.quotedMsgId).toBe(stored[0]?.id);
      expect(stored[1]?.ticketId).toBe(stored[0]?.ticketId);
    } finally {
      ingest.prepareMany = prepareMany;
    }
  });
});
