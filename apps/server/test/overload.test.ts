import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, webhookDeliveries } from "../src/db/schema/index.js";
import { connectedCompany, startMetaWorld } from "./meta.js";

/**
 * With the in-memory limit reached, accepted webhooks are stored but left for
 * the sweeper: memory stays bounded and nothing is lost.
 */
let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld({ WEBHOOK_MAX_IN_FLIGHT: "0" });
});
afterAll(() => world.close());

describe("webhooks beyond the in-memory limit", () => {
  it("are answered 200, stored, and processed by the sweeper", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const delivery = await world.sim.cloud.text(account.accountId, {
      from: "5511911112222",
      body: "na fila",
    });
    expect(delivery.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const db = world.server.database.db;
    expect(await db.select().from(messages).where(eq(messages.companyId, account.team.company.id))).toEqual(
      [],
    );
    const [stored] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.whatsappId, account.connectionId));
    expect(stored?.processedAt).toBeNull();

    expect(await world.server.webhooks.sweep(0)).toBe(1);
    const rows = await db.select().from(messages).where(eq(messages.companyId, account.team.company.id));
    expect(rows.map((m) => m.body)).toEqual(["na fila"]);
  });
});
