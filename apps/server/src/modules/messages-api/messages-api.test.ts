import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQueue, buildUser } from "../../../test/factories.js";
import { SAMPLE_FILES } from "../../../test/files.js";
import { connectedCompany, startMetaWorld } from "../../../test/meta.js";
import { companies, contacts, messages, plans, tickets, whatsapps } from "../../db/schema/index.js";

/**
 * The external Messages API (spec 3 sections 5 and 7; docs/MESSAGES-API.md) through the real
 * server, database and outbound path, with meta-sim as the Cloud API: token, plan flag, rate limit,
 * idempotency, media, closeTicket.
 */

let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;

async function apiCompany() {
  const company = await connectedCompany(world, "whatsappapi");
  const [row] = await db()
    .select({ token: whatsapps.token })
    .from(whatsapps)
    .where(eq(whatsapps.id, company.connectionId));
  return { ...company, token: row!.token as string, companyId: company.team.company.id };
}

const send = (token: string | null, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  world.server.app.inject({
    method: "POST",
    url: "/api/messages/send",
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    payload,
  });

const number = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const delivered = async (accountId: string, to: string) => {
  await world.server.outbound.idle();
  return world.sim.sent.filter(
    (s) => s.accountId === accountId && s.recipient === to && s.httpStatus === 200,
  );
};

describe("POST /api/messages/send", () => {
  it("a text to a new number: a pending ticket, the message sent once through the connection", async () => {
    const api = await apiCompany();
    const to = number();
    const res = await send(api.token, {
      number: `+${to.slice(0, 2)} ${to.slice(2, 4)} ${to.slice(4)}`,
      body: "Seu pedido saiu",
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { message: string; ticketId: number; messageIds: number[] };
    expect(answer).toMatchObject({ message: "Mensagem enviada", messageIds: [expect.any(Number)] });
    const sends = await delivered(api.accountId, to);
    expect(sends.map((s) => s.body)).toEqual([
      expect.objectContaining({ type: "text", text: { body: "Seu pedido saiu", preview_url: false } }),
    ]);
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, answer.ticketId));
    expect(ticket).toMatchObject({
      companyId: api.companyId,
      status: "pending",
      userId: null,
      whatsappId: api.connectionId,
    });
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, ticket!.contactId));
    expect(contact?.number).toBe(to);
    // A second send goes to the same ticket.
    const again = await send(api.token, { number: to, body: "Chega amanhã" });
    expect(again.json().ticketId).toBe(answer.ticketId);
  });

  it("refuses a missing or unknown token (401), a plan without useExternalApi (403), an expired company (402) and another channel", async () => {
    const api = await apiCompany();
    for (const token of [null, "not-a-token-of-anyone-0000000000"]) {
      const res = await send(token, { number: number(), body: "x" });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe("ERR_INVALID_API_TOKEN");
    }
    const [company] = await db().select().from(companies).where(eq(companies.id, api.companyId));
    await db().update(plans).set({ useExternalApi: false }).where(eq(plans.id, company!.planId));
    world.server.app.planFeatures.invalidate(api.companyId);
    const off = await send(api.token, { number: number(), body: "x" });
    expect(off.statusCode).toBe(403);
    expect(off.json().error).toBe("ERR_PLAN_NO_EXTERNAL_API");
    await db().update(plans).set({ useExternalApi: true }).where(eq(plans.id, company!.planId));
    world.server.app.planFeatures.invalidate(api.companyId);

    // An expired company sends nothing until it pays (the expiry rule of every private route).
    await db().update(companies).set({ dueDate: "2020-01-01" }).where(eq(companies.id, api.companyId));
    const expired = await send(api.token, { number: number(), body: "x" });
    expect(expired.statusCode).toBe(402);
    expect(expired.json().error).toBe("ERR_SUBSCRIPTION_EXPIRED");
    await db().update(companies).set({ dueDate: company!.dueDate }).where(eq(companies.id, api.companyId));
    expect((await send(api.token, { number: number(), body: "x" })).statusCode).toBe(200);

    const page = await connectedCompany(world, "facebook");
    const [row] = await db()
      .select({ token: whatsapps.token })
      .from(whatsapps)
      .where(eq(whatsapps.id, page.connectionId));
    const facebook = await send(row!.token, { number: number(), body: "x" });
    expect(facebook.statusCode).toBe(400);
    expect(facebook.json()).toMatchObject({ error: "ERR_VALIDATION", field: "token" });
  });

  it("validates the body: number, body or medias, users and queues of the connection's company only", async () => {
    const api = await apiCompany();
    const other = await apiCompany();
    const foreignUser = await buildUser(db(), other.companyId);
    const foreignQueue = await buildQueue(db(), other.companyId);
    const cases: [Record<string, unknown>, string][] = [
      [{ body: "x" }, "number"],
      [{ number: "abc", body: "x" }, "number"],
      [{ number: number() }, "body"],
      [{ number: number(), body: "x", userId: foreignUser.id }, "userId"],
      [{ number: number(), body: "x", queueId: foreignQueue.id }, "queueId"],
      [{ number: number(), body: "x".repeat(5000) }, "body"],
    ];
    for (const [payload, field] of cases) {
      const res = await send(api.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field });
    }
    expect(world.sim.sent.filter((s) => s.accountId === api.accountId)).toHaveLength(0);
  });

  it("reads number in the company's country as E.164 and refuses what is no phone number", async () => {
    const api = await apiCompany();
    const to = number();
    // '(11) 9xxxx-xxxx': the national form, read in the default country (BR).
    const res = await send(api.token, {
      number: `(${to.slice(2, 4)}) ${to.slice(4, 9)}-${to.slice(9)}`,
      body: "Oi",
    });
    expect(res.statusCode, res.body).toBe(200);
    const [contact] = await db().select().from(contacts).where(eq(contacts.number, to));
    expect(contact?.companyId).toBe(api.companyId);
    const refused = await send(api.token, { number: "12345678", body: "x" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "ERR_WAPP_INVALID_CONTACT", field: "number" });
  });

  it("an Idempotency-Key makes retries, even at once, answer the first send and send nothing more", async () => {
    const api = await apiCompany();
    const to = number();
    const headers = { "idempotency-key": "pedido-42" };
    const [first, second] = await Promise.all([
      send(api.token, { number: to, body: "Uma vez só" }, headers),
      send(api.token, { number: to, body: "Uma vez só" }, headers),
    ]);
    const third = await send(api.token, { number: to, body: "Uma vez só" }, headers);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());
    expect(await delivered(api.accountId, to)).toHaveLength(1);
    const other = await send(api.token, { number: to, body: "Outra" }, { "idempotency-key": "pedido-43" });
    expect(other.json().messageIds).not.toEqual(first.json().messageIds);
    expect(await delivered(api.accountId, to)).toHaveLength(2);
  });

  it("multipart with a file, a user's signature and closeTicket", async () => {
    const api = await apiCompany();
    const user = await buildUser(db(), api.companyId, { name: "Joana" });
    const queue = await buildQueue(db(), api.companyId);
    const to = number();
    const boundary = "----api";
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(
        field("number", to) +
          field("body", "Segue a nota") +
          field("userId", String(user.id)) +
          field("queueId", String(queue.id)) +
          field("sendSignature", "true") +
          field("closeTicket", "true"),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="nota.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      SAMPLE_FILES.png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await world.server.app.inject({
      method: "POST",
      url: "/api/messages/send",
      headers: {
        authorization: `Bearer ${api.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { ticketId, messageIds } = res.json() as { ticketId: number; messageIds: number[] };
    const stored = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, api.companyId), eq(messages.ticketId, ticketId)));
    expect(stored.map((m) => m.id)).toEqual(messageIds);
    expect(stored[0]).toMatchObject({ mediaType: "image", userId: user.id, body: "*Joana:*\nSegue a nota" });
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket).toMatchObject({ status: "closed", userId: user.id, queueId: queue.id });
    const sends = await delivered(api.accountId, to);
    expect(sends.map((s) => s.body.type)).toEqual(["image"]);
  });

  it("answers 429 past 60 sends a minute per token, with Retry-After", async () => {
    const api = await apiCompany();
    // Invalid bodies still count: the limit is checked before anything else.
    for (let i = 0; i < 60; i++) expect((await send(api.token, {})).statusCode).toBe(400);
    const limited = await send(api.token, { number: number(), body: "x" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe("ERR_TOO_MANY_REQUESTS");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});
