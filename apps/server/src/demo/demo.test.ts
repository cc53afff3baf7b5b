import { startMetaSim } from "@inbox/meta-sim";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQueue, buildTeam } from "../../test/factories.js";
import { eventually, startMetaWorld } from "../../test/meta.js";
import { contacts, messages, tickets, whatsapps } from "../db/schema/index.js";
import { DEMO_CONNECTION_NAME, DEMO_CONTACT, localServerUrl, setupDemo } from "./demo.js";

let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;

/** What the phone page does when the person presses Send: POST /_sim/inbound. */
async function typeOnPhone(simUrl: string, accountId: string, body: string) {
  const res = await fetch(`${simUrl}/_sim/inbound`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      accountId,
      type: "text",
      from: DEMO_CONTACT.number,
      name: DEMO_CONTACT.name,
      body,
    }),
  });
  return (await res.json()) as { status: number };
}

const messagesOf = (companyId: number) =>
  db().select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);

describe("npm start -- --demo wiring", () => {
  it("a message typed as the contact on meta-sim's phone page becomes a ticket in the company", async () => {
    const team = await buildTeam(world.server.app, db());
    const demo = await setupDemo({
      db: db(),
      sim: world.sim,
      serverUrl: world.baseUrl,
      companyId: team.company.id,
    });
    expect(demo.phonePageUrl).toContain(
      `${world.sim.url}/?account=${demo.accountId}&contact=${DEMO_CONTACT.number}`,
    );

    expect((await typeOnPhone(world.sim.url, demo.accountId, "Olá, é a demo")).status).toBe(200);
    const [message] = await eventually(async () => {
      const rows = await messagesOf(team.company.id);
      return rows.length > 0 ? rows : undefined;
    });
    expect(message).toMatchObject({ body: "Olá, é a demo", fromMe: false });
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, message!.ticketId));
    expect(ticket).toMatchObject({ whatsappId: demo.connectionId, status: "pending" });
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, ticket!.contactId));
    expect(contact).toMatchObject({ number: DEMO_CONTACT.number, name: DEMO_CONTACT.name });
  });

  it("the demo connection is linked to the company's first queue, so its customer is accepted at once", async () => {
    const team = await buildTeam(world.server.app, db());
    const queue = await buildQueue(db(), team.company.id, { name: "Recepção", orderQueue: 1 });
    const demo = await setupDemo({
      db: db(),
      sim: world.sim,
      serverUrl: world.baseUrl,
      companyId: team.company.id,
    });
    expect((await typeOnPhone(world.sim.url, demo.accountId, "Bom dia")).status).toBe(200);
    const ticket = await eventually(async () => {
      const [row] = await db().select().from(tickets).where(eq(tickets.companyId, team.company.id));
      return row?.queueId !== null && row;
    });
    expect(ticket).toMatchObject({ queueId: queue.id, status: "pending" });
    const accepted = await world.server.app.inject({
      method: "PUT",
      url: `/tickets/${ticket.id}`,
      headers: team.adminSession.headers,
      payload: { status: "open", userId: team.admin.id },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "open", queueId: queue.id });
  });

  it("every demo boot reuses the one connection and registers it in that boot's sim", async () => {
    const team = await buildTeam(world.server.app, db());
    const first = await setupDemo({
      db: db(),
      sim: world.sim,
      serverUrl: world.baseUrl,
      companyId: team.company.id,
    });
    const again = await setupDemo({
      db: db(),
      sim: world.sim,
      serverUrl: world.baseUrl,
      companyId: team.company.id,
    });
    expect(again).toEqual(first);
    const rows = await db()
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, team.company.id), eq(whatsapps.name, DEMO_CONNECTION_NAME)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: "whatsappapi", status: "CONNECTED", isDefault: true });

    // A restart: a new sim on another port knows nothing until the demo registers the connection again.
    const nextSim = await startMetaSim({ port: 0 });
    try {
      const rebooted = await setupDemo({
        db: db(),
        sim: nextSim,
        serverUrl: world.baseUrl,
        companyId: team.company.id,
      });
      expect(rebooted.connectionId).toBe(first.connectionId);
      expect(rebooted.accountId).toBe(first.accountId);
      expect((await typeOnPhone(nextSim.url, rebooted.accountId, "depois do reinício")).status).toBe(200);
      await eventually(async () =>
        (await messagesOf(team.company.id)).some((m) => m.body === "depois do reinício"),
      );
    } finally {
      await nextSim.close();
    }
  });

  it("replies from the app reach the phone page", async () => {
    const team = await buildTeam(world.server.app, db());
    const demo = await setupDemo({
      db: db(),
      sim: world.sim,
      serverUrl: world.baseUrl,
      companyId: team.company.id,
    });
    await typeOnPhone(world.sim.url, demo.accountId, "Preciso de ajuda");
    const [inbound] = await eventually(async () => {
      const rows = await messagesOf(team.company.id);
      return rows.length > 0 ? rows : undefined;
    });
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, inbound!.ticketId));
    await world.server.outbound.queue({
      companyId: team.company.id,
      ticketId: ticket!.id,
      contactId: ticket!.contactId,
      whatsappId: demo.connectionId,
      body: "Claro, como posso ajudar?",
    });
    const send = await world.sim.waitFor((s) => s.accountId === demo.accountId && s.httpStatus === 200);
    expect(send).toMatchObject({
      recipient: DEMO_CONTACT.number,
      body: { text: { body: "Claro, como posso ajudar?" } },
    });
  });

  it("the sim reaches a server listening on every interface through the loopback address", () => {
    expect(localServerUrl({ address: "0.0.0.0", family: "IPv4", port: 8080 })).toBe("http://127.0.0.1:8080");
    expect(localServerUrl({ address: "::", family: "IPv6", port: 8080 })).toBe("http://127.0.0.1:8080");
    expect(localServerUrl({ address: "::1", family: "IPv6", port: 81 })).toBe("http://[::1]:81");
  });
});
