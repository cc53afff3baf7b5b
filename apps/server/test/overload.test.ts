import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, webhookDeliveries } from "../src/db/schema/index.js";
import { WebhooksRepo } from "../src/modules/webhooks/repo.js";
import { connectedCompany, eventually, startMetaWorld } from "./meta.js";
import { type PlanNode, planOf, sortsOverScansOf } from "./plans.js";

/**
 * With the in-memory limit reached (here: no room at all), accepted webhooks
 * are only stored; the processing loop reads them back from the database in
 * arrival order as soon as it can, so memory stays bounded, nothing is lost
 * and a connection's order holds.
 */
let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld({ WEBHOOK_MAX_IN_FLIGHT: "0" });
});
afterAll(() => world.close());

describe("webhooks beyond the in-memory limit", () => {
  it("are answered 200, stored, then processed from the database in arrival order", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const bodies = Array.from({ length: 12 }, (_, i) => `na fila ${i}`);
    for (const body of bodies) {
      const delivery = await world.sim.cloud.text(account.accountId, { from: "5511911112222", body });
      expect(delivery.status).toBe(200);
      // Nothing was queued in memory.
      expect(world.server.webhooks.queued).toBe(0);
    }
    const db = world.server.database.db;
    const stored = await eventually(async () => {
      const rows = await db
        .select()
        .from(messages)
        .where(eq(messages.companyId, account.team.company.id))
        .orderBy(asc(messages.id));
      return rows.length === bodies.length ? rows : undefined;
    });
    expect(stored.map((m) => m.body)).toEqual(bodies);
    // The last page's deliveries are deleted as processed after its messages are stored (the loop's
    // flush, after the rest of the batch's work): every one of them, soon.
    const unprocessed = () =>
      db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.whatsappId, account.connectionId));
    await eventually(async () => (await unprocessed()).length === 0);
    expect(await unprocessed()).toEqual([]);
  });

  it("the sweeper processes a delivery that a crash left unprocessed", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const db = world.server.database.db;
    // Only the sweeper may take this row: the loop is idle and nothing wakes it.
    await world.server.webhooks.idle();
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "1", phone_number_id: account.accountId },
                contacts: [{ wa_id: "5511933334444", profile: { name: "Left" } }],
                messages: [
                  {
                    from: "5511933334444",
                    id: "wamid.left-behind",
                    timestamp: "1700000000",
                    type: "text",
                    text: { body: "deixada" },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    await db.insert(webhookDeliveries).values({
      companyId: account.team.company.id,
      whatsappId: account.connectionId,
      channel: "whatsappapi",
      body,
      // Left by a crash a minute ago: a receivedAt of "now" can fall in the same millisecond as the
      // sweep's cutoff (microseconds in the database, milliseconds in JS) and not be older than it.
      receivedAt: new Date(Date.now() - 60_000),
    });
    expect(await world.server.webhooks.sweep(0)).toBeGreaterThanOrEqual(1);
    const rows = await db.select().from(messages).where(eq(messages.companyId, account.team.company.id));
    expect(rows.map((m) => m.body)).toEqual(["deixada"]);
    // Processed, the raw delivery is gone.
    expect(
      await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.whatsappId, account.connectionId)),
    ).toEqual([]);
  });

  it("the backlog's pages and the sweeper's read walk the primary key in arrival order", async () => {
    // Only unprocessed deliveries are left (a processed one is deleted), so the primary key walks
    // nothing else. Before, both went through an index of received_at: a backlog page read 24 to
    // 33 ms on a fresh database under load (bench/ingest.ts), not 0.35.
    const repo = new WebhooksRepo(world.server.database.db);
    const indexes = (node: PlanNode): string[] => [
      ...(node["Index Name"] ? [node["Index Name"]] : []),
      ...(node.Plans ?? []).flatMap(indexes),
    ];
    for (const query of [repo.unprocessedAfterQuery(0, 200), repo.pendingQuery(new Date(), 20, 500)]) {
      const plan = await planOf(world.server.database, query);
      expect(indexes(plan)).toEqual(["webhook_deliveries_pkey"]);
      expect(sortsOverScansOf(plan, "webhook_deliveries")).toEqual([]);
    }
  });
});
