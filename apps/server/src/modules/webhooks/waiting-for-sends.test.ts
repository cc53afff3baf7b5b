import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectedCompany, eventually, startMetaWorld } from "../../../test/meta.js";
import type { ChannelAdapter } from "../../channels/types.js";
import { messages, tickets, webhookDeliveries } from "../../db/schema/index.js";
import { WaitingForSends } from "./waiting-for-sends.js";

let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;

describe("a status that outruns its send", () => {
  it("applies as soon as the send's id is stored, not at the next sweep", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const from = "5511933332222";
    await world.sim.cloud.text(account.accountId, { from, body: "oi" });
    const ticket = await eventually(
      async () =>
        (await db().select().from(tickets).where(eq(tickets.companyId, account.team.company.id)))[0],
    );

    // The provider answers the send, but the server stores the answer only when the test says.
    const adapter = world.server.channels.get("whatsappapi") as ChannelAdapter;
    const send = adapter.send.bind(adapter);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    adapter.send = async (...args) => {
      const answer = await send(...args);
      await released;
      return answer;
    };
    try {
      const queued = await world.server.outbound.queue({
        companyId: account.team.company.id,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        whatsappId: account.connectionId,
        body: "Olá!",
      });
      const wamid = (await world.sim.waitFor((s) => s.recipient === from && s.id !== undefined)).id as string;

      // Meta's "read" arrives first: the message has no provider id yet, so the delivery fails.
      await world.sim.sendStatus(account.accountId, { id: wamid, status: "read", recipientId: from });
      const failed = await eventually(async () => {
        const [row] = await db()
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.whatsappId, account.connectionId));
        return row && row.attempts > 0 ? row : undefined;
      });
      expect(failed.lastError).toMatch(/not stored yet/);

      release();
      // Well before the sweeper (deliveries older than 30 s, every minute): the ack is applied and
      // the delivery is done.
      const read = await eventually(async () => {
        const [row] = await db().select().from(messages).where(eq(messages.id, queued.id));
        return row?.ack === 3 ? row : undefined;
      });
      expect(read).toMatchObject({ providerMessageId: wamid, ack: 3 });
      await eventually(
        async () =>
          (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, failed.id))).length ===
          0,
      );
    } finally {
      adapter.send = send;
      release();
    }
  });
});

describe("WaitingForSends", () => {
  const delivery = (id: number) => ({ id, whatsappId: 7 });

  it("gives a delivery back once per id it waits for, and only for its connection", () => {
    const waiting = new WaitingForSends<{ id: number; whatsappId: number }>();
    waiting.add(delivery(1), ["wamid.a", "wamid.b"]);
    expect(waiting.take(8, "wamid.a")).toBeUndefined();
    expect(waiting.take(7, "wamid.a")).toEqual(delivery(1));
    expect(waiting.take(7, "wamid.a")).toBeUndefined();
    expect(waiting.take(7, "wamid.b")).toEqual(delivery(1));
  });

  it("leaves to the sweeper what waited a minute", () => {
    const waiting = new WaitingForSends<{ id: number; whatsappId: number }>();
    waiting.add(delivery(1), ["wamid.old"], 0);
    // Adding prunes what waited too long, oldest first.
    waiting.add(delivery(2), ["wamid.new"], 60_000);
    expect(waiting.take(7, "wamid.old")).toBeUndefined();
    expect(waiting.take(7, "wamid.new")).toEqual(delivery(2));
  });
});
