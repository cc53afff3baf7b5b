import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectedCompany, eventually, startMetaWorld } from "../../test/meta.js";
import { messages, tickets } from "../db/schema/index.js";
import { PREVIEW_MAX_CHARS } from "../modules/messages/preview.js";

/**
 * Meta's payloads as they really come (issue 8, section 7): each shape is sent
 * through meta-sim to a real server, and what is stored and what the API
 * answers are checked.
 */
let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
const messagesOf = (companyId: number) =>
  db().select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);
const waitMessages = (companyId: number, count: number) =>
  eventually(async () => {
    const rows = await messagesOf(companyId);
    return rows.length >= count ? rows : undefined;
  });
const api = async (headers: Record<string, string>, url: string) => {
  const res = await world.server.app.inject({ method: "GET", url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return { json: res.json(), bytes: res.body.length };
};

describe("a very long text", () => {
  it("is stored whole, but lastMessage in lists and ticket payloads is a bounded preview", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const companyId = account.team.company.id;
    const long = `${"Olá 👋 ".repeat(150_000)}fim`;
    const sent = await world.sim.cloud.text(account.accountId, { from: "5511955550001", body: long });
    expect(sent.status).toBe(200);
    const [row] = await waitMessages(companyId, 1);
    expect(row?.body).toBe(long);
    const [ticket] = await db().select().from(tickets).where(eq(tickets.companyId, companyId));
    if (!ticket) throw new Error("no ticket");
    expect(ticket.lastMessage.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
    expect(long.startsWith(ticket.lastMessage.slice(0, -1))).toBe(true);

    const headers = account.team.adminSession.headers;
    const list = await api(headers, "/tickets?showAll=true&status=pending");
    expect(list.bytes).toBeLessThan(20_000);
    const listed = list.json.tickets.find((t: { id: number }) => t.id === ticket.id);
    expect(listed.lastMessage.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
    expect(listed.lastMessage.endsWith("…")).toBe(true);
    const one = await api(headers, `/tickets/u/${ticket.uuid}`);
    expect(one.bytes).toBeLessThan(20_000);
    expect(one.json.lastMessage.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
    // The conversation itself carries the whole text.
    const conversation = await api(headers, `/messages/${ticket.id}`);
    expect(conversation.json.messages[0].body).toBe(long);
  });

  it("a row stored whole before previews were bounded is cut when presented", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const companyId = account.team.company.id;
    await world.sim.cloud.text(account.accountId, { from: "5511955550002", body: "curto" });
    await waitMessages(companyId, 1);
    await db()
      .update(tickets)
      .set({ lastMessage: "x".repeat(100_000) })
      .where(eq(tickets.companyId, companyId));
    const list = await api(account.team.adminSession.headers, "/tickets?showAll=true&status=pending");
    expect(list.json.tickets[0].lastMessage.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
  });
});
