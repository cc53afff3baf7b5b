import type { TicketDto } from "@inbox/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContact, buildQueue, buildTicket, buildUser } from "../../../test/factories.js";
import { connectedCompany, eventually, startMetaWorld, untilIdle } from "../../../test/meta.js";
import { companySettings, messages, ticketLogs, tickets, users, whatsapps } from "../../db/schema/index.js";

/**
 * What the lifecycle says to the contact (spec 1 section 4): the greeting on
 * accept, the farewell on close, the transfer message. meta-sim plays Meta:
 * what it received is the assertion, and nothing reaches it when disabled.
 */

type World = Awaited<ReturnType<typeof startMetaWorld>>;
let world: World;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
let counter = 0;
const newNumber = () => `55119${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, "0")}`;

/** A Cloud API company where "Maria Souza" wrote: her pending ticket, a queue, the admin's headers. */
async function conversation() {
  const account = await connectedCompany(world, "whatsappapi");
  const from = newNumber();
  await world.sim.cloud.text(account.accountId, { from, body: "Oi", name: "maria souza" });
  const companyId = account.team.company.id;
  const ticket = await eventually(async () => {
    const [row] = await db().select().from(tickets).where(eq(tickets.companyId, companyId));
    return row;
  });
  const queue = await buildQueue(db(), companyId, { name: "Financeiro" });
  const settings = (values: Partial<typeof companySettings.$inferInsert>) =>
    db().update(companySettings).set(values).where(eq(companySettings.companyId, companyId));
  return {
    account,
    from,
    ticket,
    companyId,
    queue,
    settings,
    admin: account.team.admin,
    headers: account.team.adminSession.headers,
  };
}

const put = (headers: Record<string, string>, id: number, payload: object) =>
  world.server.app.inject({ method: "PUT", url: `/tickets/${id}`, headers, payload });

/** The texts the sim accepted for this contact. */
const textsTo = (to: string) =>
  world.sim.sent
    .filter((s) => s.recipient === to && s.id)
    .map((s) => (s.body.text as { body?: string } | undefined)?.body);

const waitForText = (to: string, includes: string) =>
  world.sim.waitFor(
    (s) =>
      s.recipient === to &&
      Boolean(s.id) &&
      String((s.body.text as { body?: string } | undefined)?.body ?? "").includes(includes),
  );

async function outboundRows(companyId: number, ticketId: number) {
  return db()
    .select()
    .from(messages)
    .where(
      and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, true)),
    );
}

/** Nothing was stored to send, and the sim got nothing, once the server is idle (sends done, no run pending). */
async function expectNothingSent(companyId: number, ticketId: number, to: string) {
  await untilIdle(world);
  expect(await outboundRows(companyId, ticketId)).toEqual([]);
  expect(textsTo(to)).toEqual([]);
}

describe("greeting on accept (sendGreetingAccepted)", () => {
  it("enabled: the greetingAcceptedMessage, with its variables, reaches the contact", async () => {
    const c = await conversation();
    await c.settings({
      sendGreetingAccepted: "enabled",
      greetingAcceptedMessage:
        "{{ms}} {{firstName}}! Sou {{userName}}, fila {{queue}}, ticket {{ticket_id}}.",
    });
    const res = await put(c.headers, c.ticket.id, { status: "open", queueId: c.queue.id });
    expect(res.statusCode, res.body).toBe(200);
    const expected = `Maria! Sou ${c.admin.name}, fila Financeiro, ticket ${c.ticket.id}.`;
    const send = await waitForText(c.from, expected);
    expect(String((send.body.text as { body: string }).body)).toMatch(
      /^(Bom dia|Boa tarde|Boa noite|Boa madrugada) /,
    );
    expect((res.json() as TicketDto).lastMessage).toContain(expected);
    const [stored] = await outboundRows(c.companyId, c.ticket.id);
    expect(stored).toMatchObject({ userId: c.admin.id, body: expect.stringContaining(expected) });
    await eventually(async () => (await outboundRows(c.companyId, c.ticket.id))[0]?.ack === 1);
  });

  it("disabled: nothing is sent", async () => {
    const c = await conversation();
    const res = await put(c.headers, c.ticket.id, { status: "open", queueId: c.queue.id });
    expect(res.statusCode, res.body).toBe(200);
    await expectNothingSent(c.companyId, c.ticket.id, c.from);
  });

  it("a group ticket is greeted only when the connection has groupAsTicket enabled", async () => {
    const c = await conversation();
    await c.settings({ sendGreetingAccepted: "enabled", greetingAcceptedMessage: "Olá, grupo {{name}}" });
    const groupTicket = async () => {
      const group = await buildContact(db(), c.companyId, {
        number: newNumber(),
        isGroup: true,
        name: "Equipe",
      });
      const ticket = await buildTicket(db(), c.companyId, {
        contactId: group.id,
        whatsappId: c.account.connectionId,
        channel: "whatsappapi",
        isGroup: true,
        status: "pending",
      });
      return { group, ticket };
    };
    const quiet = await groupTicket();
    let res = await put(c.headers, quiet.ticket.id, { status: "open" });
    expect(res.json()).toMatchObject({ status: "group" });
    await expectNothingSent(c.companyId, quiet.ticket.id, quiet.group.number);
    await db()
      .update(whatsapps)
      .set({ groupAsTicket: "enabled" })
      .where(eq(whatsapps.id, c.account.connectionId));
    const greeted = await groupTicket();
    res = await put(c.headers, greeted.ticket.id, { status: "open" });
    expect(res.json()).toMatchObject({ status: "group" });
    await waitForText(greeted.group.number, "Olá, grupo Equipe");
  });

  it("reopening a closed ticket does not greet", async () => {
    const c = await conversation();
    await c.settings({ sendGreetingAccepted: "enabled", greetingAcceptedMessage: "Olá {{name}}" });
    await db()
      .update(tickets)
      .set({ status: "closed", queueId: c.queue.id })
      .where(eq(tickets.id, c.ticket.id));
    const res = await put(c.headers, c.ticket.id, { status: "open" });
    expect(res.json()).toMatchObject({ status: "open" });
    await expectNothingSent(c.companyId, c.ticket.id, c.from);
  });
});

describe("farewell on close (the connection's complationMessage)", () => {
  it("sendFarewellMessage true: the farewell reaches the contact, then the ticket is closed", async () => {
    const c = await conversation();
    await db()
      .update(whatsapps)
      .set({ complationMessage: "Obrigado pelo contato, {{firstName}}!" })
      .where(eq(whatsapps.id, c.account.connectionId));
    await db().update(tickets).set({ status: "open", userId: c.admin.id }).where(eq(tickets.id, c.ticket.id));
    const res = await put(c.headers, c.ticket.id, { status: "closed", sendFarewellMessage: true });
    expect(res.json()).toMatchObject({ status: "closed" });
    await waitForText(c.from, "Obrigado pelo contato, Maria!");
  });

  it("without a complationMessage, the attendant's own farewellMessage is said", async () => {
    const c = await conversation();
    await db().update(users).set({ farewellMessage: "Até logo, {{name}}!" }).where(eq(users.id, c.admin.id));
    await db().update(tickets).set({ status: "open", userId: c.admin.id }).where(eq(tickets.id, c.ticket.id));
    const res = await put(c.headers, c.ticket.id, { status: "closed", sendFarewellMessage: true });
    expect(res.json()).toMatchObject({ status: "closed" });
    await waitForText(c.from, "Até logo, maria souza!");
  });

  it("a waiting ticket gets the farewell only with sendFarewellWaitingTicket enabled", async () => {
    const c = await conversation();
    await db()
      .update(whatsapps)
      .set({ complationMessage: "Tchau, {{firstName}}" })
      .where(eq(whatsapps.id, c.account.connectionId));
    let res = await put(c.headers, c.ticket.id, { status: "closed", sendFarewellMessage: true });
    expect(res.json()).toMatchObject({ status: "closed" });
    await expectNothingSent(c.companyId, c.ticket.id, c.from);
    await c.settings({ sendFarewellWaitingTicket: "enabled" });
    await db().update(tickets).set({ status: "pending", closedAt: null }).where(eq(tickets.id, c.ticket.id));
    res = await put(c.headers, c.ticket.id, { status: "closed", sendFarewellMessage: true });
    expect(res.json()).toMatchObject({ status: "closed" });
    await waitForText(c.from, "Tchau, Maria");
  });

  it("sendFarewellMessage false (and ignore): nothing is sent", async () => {
    const c = await conversation();
    await db()
      .update(whatsapps)
      .set({ complationMessage: "Obrigado!" })
      .where(eq(whatsapps.id, c.account.connectionId));
    const res = await put(c.headers, c.ticket.id, { status: "closed", sendFarewellMessage: false });
    expect(res.json()).toMatchObject({ status: "closed" });
    await expectNothingSent(c.companyId, c.ticket.id, c.from);
  });
});

describe("transfer message", () => {
  it("the attendant's msgTransfer reaches the contact", async () => {
    const c = await conversation();
    const colleague = await buildUser(db(), c.companyId);
    const res = await put(c.headers, c.ticket.id, {
      userId: colleague.id,
      queueId: c.queue.id,
      isTransfered: true,
      msgTransfer: "Vou te passar para o {{queue}}",
    });
    expect(res.json()).toMatchObject({ status: "open", userId: colleague.id });
    await waitForText(c.from, "Vou te passar para o Financeiro");
  });

  it("sendMsgTransfTicket enabled: the company's transferMessage goes out (the original queue placeholder too)", async () => {
    const c = await conversation();
    await c.settings({
      sendMsgTransfTicket: "enabled",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the original product's placeholder.
      transferMessage: "Você foi transferido para a fila ${queue.name}, {{firstName}}.",
    });
    const res = await put(c.headers, c.ticket.id, { userId: null, queueId: c.queue.id, isTransfered: true });
    expect(res.json()).toMatchObject({ status: "pending", userId: null });
    await waitForText(c.from, "Você foi transferido para a fila Financeiro, Maria.");
  });

  it("closeTicketOnTransfer: the ticket closes and the conversation goes on in a new one of the target queue", async () => {
    const c = await conversation();
    await c.settings({ closeTicketOnTransfer: "enabled" });
    const colleague = await buildUser(db(), c.companyId);
    const res = await put(c.headers, c.ticket.id, {
      userId: colleague.id,
      queueId: c.queue.id,
      status: "open",
      isTransfered: true,
      msgTransfer: "Agora com o {{queue}}",
    });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json<TicketDto>();
    expect(next.id).not.toBe(c.ticket.id);
    expect(next).toMatchObject({ status: "open", userId: colleague.id, queueId: c.queue.id });
    const [old] = await db().select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(old).toMatchObject({ status: "closed", queueId: c.ticket.queueId });
    expect(old?.closedAt).toBeInstanceOf(Date);
    await waitForText(c.from, "Agora com o Financeiro");
    expect((await outboundRows(c.companyId, next.id)).map((m) => m.body)).toEqual(["Agora com o Financeiro"]);
    expect(await outboundRows(c.companyId, c.ticket.id)).toEqual([]);
    const types = async (ticketId: number) =>
      (
        await db().select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticketId)).orderBy(ticketLogs.id)
      ).map((l) => [l.type, l.userId]);
    expect(await types(c.ticket.id)).toEqual([
      ["create", null],
      ["transfered", c.admin.id],
      ["closed", c.admin.id],
    ]);
    expect(await types(next.id)).toEqual([
      ["create", c.admin.id],
      ["receivedTransfer", colleague.id],
    ]);

    // The contact's next message lands in the new ticket.
    await world.sim.cloud.text(c.account.accountId, { from: c.from, body: "Obrigada" });
    await eventually(async () => {
      const rows = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.ticketId, next.id), eq(messages.fromMe, false)));
      return rows.length === 1 ? rows : undefined;
    });
  });

  it("closeTicketOnTransfer: a transfer inside the same queue keeps the ticket", async () => {
    const c = await conversation();
    await c.settings({ closeTicketOnTransfer: "enabled" });
    await put(c.headers, c.ticket.id, { queueId: c.queue.id });
    const colleague = await buildUser(db(), c.companyId);
    const res = await put(c.headers, c.ticket.id, {
      userId: colleague.id,
      queueId: c.queue.id,
      isTransfered: true,
    });
    expect(res.json()).toMatchObject({ id: c.ticket.id, userId: colleague.id });
  });

  it("sendMsgTransfTicket disabled and no msgTransfer: nothing is sent", async () => {
    const c = await conversation();
    await c.settings({ transferMessage: "Transferido" });
    const res = await put(c.headers, c.ticket.id, { userId: null, queueId: c.queue.id, isTransfered: true });
    expect(res.statusCode, res.body).toBe(200);
    await expectNothingSent(c.companyId, c.ticket.id, c.from);
  });
});
