import type { ScheduleDto, ScheduleList } from "@inbox/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildCompany, buildContact, buildUser, login } from "../../../test/factories.js";
import { connectedCompany, eventually, startMetaWorld } from "../../../test/meta.js";
import { messages, plans, schedules, ticketLogs, tickets } from "../../db/schema/index.js";
import { SWEEP_DUE_SCHEDULES, sendScheduleJob, sweepDueSchedulesJob } from "../../jobs/send-schedules.js";
import { ScheduleSender } from "./sender.js";

/**
 * Scheduled messages through the API, sent through meta-sim as Meta: what the
 * sim received is the assertion, never what the code says it sent.
 */

type World = Awaited<ReturnType<typeof startMetaWorld>>;
let world: World;

beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
let counter = 0;
const newNumber = () => `55219${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, "0")}`;
const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

/**
 * A sender whose clock is two hours ahead. On PostgreSQL the test files share one database, and a
 * server of another file with jobs on sweeps every company's due schedules (sending them through
 * its own meta-sim): a schedule made due by the real clock could be sent there before this file's
 * sender runs. Schedules made for "in one hour" are due only to this sender, and only deliver() is
 * called with it (its sweep would send other files' schedules).
 */
function senderAhead() {
  const { database, realtime, events, outbound } = world.server;
  return new ScheduleSender({
    db: database.db,
    realtime,
    events,
    outbound,
    logger: { warn: () => {} },
    clock: () => new Date(Date.now() + 2 * 3_600_000),
  });
}

const request = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => world.server.app.inject({ method, url, headers, payload: payload as object });

/** Successful sends the sim received for this contact. */
const sendsTo = (to: string) => world.sim.sent.filter((s) => s.recipient === to && s.id);

/** A Cloud API company where a contact wrote "Oi": its ticket, the contact, the admin's headers. */
async function conversation() {
  const account = await connectedCompany(world, "whatsappapi");
  const from = newNumber();
  await world.sim.cloud.text(account.accountId, { from, body: "Oi" });
  const companyId = account.team.company.id;
  const ticket = await eventually(async () => {
    const [row] = await db().select().from(tickets).where(eq(tickets.companyId, companyId));
    return row?.unreadMessages === 1 ? row : undefined;
  });
  return { account, from, ticket, companyId, headers: account.team.adminSession.headers };
}

async function scheduleRow(id: number) {
  const [row] = await db().select().from(schedules).where(eq(schedules.id, id));
  return row;
}

function multipart(file: { filename: string; type: string; bytes: Buffer }, field = "file") {
  const boundary = `----sched${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("POST /schedules validation (spec 1 section 5)", () => {
  it("answers the spec's messages: body required and min 5, contactId and sendAt required", async () => {
    const { headers, ticket } = await conversation();
    const cases: [unknown, string, string][] = [
      [{ contactId: ticket.contactId, sendAt: inOneHour() }, "body", "Obrigatório"],
      [{ body: "   ", contactId: ticket.contactId, sendAt: inOneHour() }, "body", "Obrigatório"],
      [{ body: "Oi!", contactId: ticket.contactId, sendAt: inOneHour() }, "body", "Mensagem muito curta"],
      [{ body: "Olá de novo", sendAt: inOneHour() }, "contactId", "Obrigatório"],
      [{ body: "Olá de novo", contactId: ticket.contactId }, "sendAt", "Obrigatório"],
      [{ body: "Olá de novo", contactId: ticket.contactId, sendAt: "amanhã" }, "sendAt", "Data inválida"],
      [
        { body: "Olá de novo", contactId: ticket.contactId, sendAt: "-271821-04-20T00:00:00Z" },
        "sendAt",
        "Data inválida",
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await request("POST", "/schedules", headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().issues, JSON.stringify(payload)).toContainEqual({ field, message });
    }
    expect(await db().select().from(schedules).where(eq(schedules.contactId, ticket.contactId))).toEqual([]);
  });

  it("a contact, ticket or connection of another company is not found; a ticket of another contact is refused", async () => {
    const { headers, ticket, account } = await conversation();
    const other = await conversation();
    const base = { body: "Olá, tudo bem?", sendAt: inOneHour() };
    const foreignContact = await request("POST", "/schedules", headers, {
      ...base,
      contactId: other.ticket.contactId,
    });
    expect(foreignContact.statusCode).toBe(404);
    expect(foreignContact.json().error).toBe("ERR_NO_CONTACT_FOUND");
    const foreignTicket = await request("POST", "/schedules", headers, {
      ...base,
      contactId: ticket.contactId,
      ticketId: other.ticket.id,
    });
    expect(foreignTicket.statusCode).toBe(404);
    const foreignConnection = await request("POST", "/schedules", headers, {
      ...base,
      contactId: ticket.contactId,
      whatsappId: other.account.connectionId,
    });
    expect(foreignConnection.json().error).toBe("ERR_NO_WAPP_FOUND");
    const contact = await buildContact(db(), account.team.company.id);
    const mismatch = await request("POST", "/schedules", headers, {
      ...base,
      contactId: contact.id,
      ticketId: ticket.id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ error: "ERR_VALIDATION", field: "ticketId" });
  });
});

describe("schedules CRUD", () => {
  it("create, show, update, delete; each change is announced on company-{id}-schedule", async () => {
    const { headers, ticket, companyId, account } = await conversation();
    const emit = vi.spyOn(world.server.realtime, "toCompany");
    try {
      const sendAt = inOneHour();
      const created = await request("POST", "/schedules", headers, {
        body: "  Lembrete da consulta  ",
        contactId: ticket.contactId,
        ticketId: ticket.id,
        sendAt,
      });
      expect(created.statusCode, created.body).toBe(201);
      const schedule = created.json() as ScheduleDto;
      expect(schedule).toMatchObject({
        body: "Lembrete da consulta",
        sendAt,
        sentAt: null,
        status: "pending",
        contactId: ticket.contactId,
        ticketId: ticket.id,
        whatsappId: account.connectionId,
        userId: account.team.admin.id,
        user: { id: account.team.admin.id, name: account.team.admin.name },
        mediaPath: null,
        companyId,
      });
      expect(emit).toHaveBeenCalledWith(companyId, "schedule", { action: "create", schedule });

      const shown = await request("GET", `/schedules/${schedule.id}`, headers);
      expect(shown.json()).toEqual(schedule);

      const later = new Date(Date.now() + 7_200_000).toISOString();
      const updated = await request("PUT", `/schedules/${schedule.id}`, headers, {
        body: "Lembrete: consulta amanhã",
        sendAt: later,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({
        body: "Lembrete: consulta amanhã",
        sendAt: later,
        ticketId: ticket.id,
        status: "pending",
      });
      expect(emit).toHaveBeenCalledWith(companyId, "schedule", {
        action: "update",
        schedule: updated.json(),
      });

      const short = await request("PUT", `/schedules/${schedule.id}`, headers, { body: "abc" });
      expect(short.json()).toMatchObject({ error: "ERR_VALIDATION", message: "Mensagem muito curta" });

      const removed = await request("DELETE", `/schedules/${schedule.id}`, headers);
      expect(removed.statusCode).toBe(200);
      expect(emit).toHaveBeenCalledWith(companyId, "schedule", { action: "delete", scheduleId: schedule.id });
      expect(await scheduleRow(schedule.id)).toBeUndefined();
      expect((await request("GET", `/schedules/${schedule.id}`, headers)).statusCode).toBe(404);
    } finally {
      emit.mockRestore();
    }
  });

  it("an ordinary user changes only their own schedules; admins change any", async () => {
    const { account, ticket } = await conversation();
    const { team } = account;
    const mine = await request("POST", "/schedules", team.userSession.headers, {
      body: "Do atendente",
      contactId: ticket.contactId,
      sendAt: inOneHour(),
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const admins = await request("POST", "/schedules", team.adminSession.headers, {
      body: "Do administrador",
      contactId: ticket.contactId,
      sendAt: inOneHour(),
    });
    const adminsId = (admins.json() as ScheduleDto).id;
    const mineId = (mine.json() as ScheduleDto).id;
    const user = team.userSession.headers;
    expect((await request("PUT", `/schedules/${adminsId}`, user, { body: "Tomado!" })).statusCode).toBe(403);
    expect((await request("DELETE", `/schedules/${adminsId}`, user)).statusCode).toBe(403);
    expect((await request("GET", `/schedules/${adminsId}`, user)).statusCode).toBe(200);
    expect((await request("PUT", `/schedules/${mineId}`, user, { body: "Meu texto" })).statusCode).toBe(200);
    expect(
      (await request("PUT", `/schedules/${mineId}`, team.adminSession.headers, { body: "Revisado" }))
        .statusCode,
    ).toBe(200);
    expect((await scheduleRow(adminsId))?.body).toBe("Do administrador");
  });

  it("a plan without useSchedules cannot reach the area: ERR_PLAN_NO_SCHEDULES", async () => {
    const company = await buildCompany(db());
    await db().update(plans).set({ useSchedules: false }).where(eq(plans.id, company.planId));
    const admin = await buildUser(db(), company.id, { profile: "admin" });
    const session = await login(world.server.app, admin.email);
    const contact = await buildContact(db(), company.id);
    const list = await request("GET", "/schedules", session.headers);
    expect(list.statusCode).toBe(403);
    expect(list.json().error).toBe("ERR_PLAN_NO_SCHEDULES");
    const create = await request("POST", "/schedules", session.headers, {
      body: "Olá, tudo bem?",
      contactId: contact.id,
      sendAt: inOneHour(),
    });
    expect(create.json().error).toBe("ERR_PLAN_NO_SCHEDULES");
  });
});

describe("GET /schedules", () => {
  it("pages of 40 by sendAt show every schedule exactly once; searchParam and contactId narrow", async () => {
    const company = await buildCompany(db());
    const admin = await buildUser(db(), company.id, { profile: "admin" });
    const session = await login(world.server.app, admin.email);
    const maria = await buildContact(db(), company.id, { name: "Maria Lembrada" });
    const joao = await buildContact(db(), company.id, { name: "João" });
    // Many share one sendAt: the id breaks the tie, so no row repeats or goes missing between pages.
    const same = new Date(Date.now() + 86_400_000);
    await db()
      .insert(schedules)
      .values(
        Array.from({ length: 85 }, (_, i) => ({
          companyId: company.id,
          contactId: i % 5 === 0 ? maria.id : joao.id,
          body: i === 7 ? "Cobrança pendente" : `Mensagem ${i}`,
          sendAt: i % 2 === 0 ? same : new Date(same.getTime() + i * 1000),
          userId: admin.id,
        })),
      );
    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const res = await request("GET", `/schedules?pageNumber=${page}`, session.headers);
      const body = res.json() as ScheduleList;
      expect(body.count).toBe(85);
      seen.push(...body.schedules.map((s) => s.id));
      const sendAts = body.schedules.map((s) => Date.parse(s.sendAt));
      expect(sendAts).toEqual([...sendAts].sort((a, b) => a - b));
      if (!body.hasMore) break;
    }
    expect(seen).toHaveLength(85);
    expect(new Set(seen).size).toBe(85);

    const byBody = (await request("GET", "/schedules?searchParam=cobran%C3%A7a", session.headers)).json();
    expect(byBody.schedules.map((s: ScheduleDto) => s.body)).toEqual(["Cobrança pendente"]);
    const byName = (await request("GET", "/schedules?searchParam=lembrada", session.headers)).json();
    expect(byName.count).toBe(17);
    const byContact = (await request("GET", `/schedules?contactId=${maria.id}`, session.headers)).json();
    expect(byContact.count).toBe(17);
    expect(byContact.schedules[0].contact).toEqual({ id: maria.id, name: "Maria Lembrada" });
    const wildcard = (await request("GET", "/schedules?searchParam=%25", session.headers)).json();
    expect(wildcard.count).toBe(0);
  });
});

describe("POST and DELETE /schedules/{id}/media-upload", () => {
  it("png, jpg and jpeg are accepted; other types are refused and nothing is stored", async () => {
    const { headers, ticket } = await conversation();
    const created = await request("POST", "/schedules", headers, {
      body: "Veja a imagem",
      contactId: ticket.contactId,
      sendAt: inOneHour(),
    });
    const id = (created.json() as ScheduleDto).id;
    const upload = (file: { filename: string; type: string; bytes: Buffer }, field?: string) => {
      const form = multipart(file, field);
      return world.server.app.inject({
        method: "POST",
        url: `/schedules/${id}/media-upload`,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
    };
    for (const file of [
      { filename: "doc.pdf", type: "application/pdf", bytes: Buffer.from("%PDF-1.4") },
      { filename: "anim.gif", type: "image/gif", bytes: Buffer.from("GIF89a") },
      { filename: "disguised.png", type: "application/pdf", bytes: Buffer.from("%PDF") },
      { filename: "photo.webp", type: "image/webp", bytes: Buffer.from("RIFF") },
    ]) {
      const res = await upload(file);
      expect(res.statusCode, file.filename).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field: "file" });
    }
    expect((await scheduleRow(id))?.mediaPath).toBeNull();

    for (const [filename, type] of [
      ["a.jpg", "image/jpeg"],
      ["b.JPEG", "image/jpeg"],
      ["foto.png", "image/png"],
    ] as const) {
      const res = await upload({ filename, type, bytes: png });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ mediaName: filename });
      expect(res.json().mediaPath).toMatch(/^\/public\/company\d+\/schedules\/.+\.(jpg|jpeg|png)$/);
    }
    const noFile = await upload({ filename: "foto.png", type: "image/png", bytes: png }, "other");
    expect(noFile.statusCode).toBe(400);

    const removed = await request("DELETE", `/schedules/${id}/media-upload`, headers);
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
  });
});

describe("sending a due schedule", () => {
  it("reaches the contact's open ticket through meta-sim exactly once, even when the job runs twice", async () => {
    const { headers, ticket, from, companyId } = await conversation();
    const created = await request("POST", "/schedules", headers, {
      body: "{{ms}} {{firstName}}, sua consulta é amanhã",
      contactId: ticket.contactId,
      ticketId: ticket.id,
      sendAt: inOneHour(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as ScheduleDto).id;
    const emit = vi.spyOn(world.server.realtime, "toCompany");
    const job = sendScheduleJob(senderAhead());
    const data = { companyId, scheduleId: id };
    try {
      // Two deliveries of the job at once, one more afterwards, then another process's.
      await Promise.all([job.handle(data), job.handle(data)]);
      await job.handle(data);
      await sendScheduleJob(senderAhead()).handle(data);

      const sends = await eventually(async () => {
        const found = sendsTo(from);
        return found.length > 0 ? found : undefined;
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(sendsTo(from)).toHaveLength(1);
      expect(sends[0]?.body).toMatchObject({ type: "text" });
      const text = (sends[0]?.body as { text?: { body: string } } | undefined)?.text?.body ?? "";
      expect(text).toMatch(/^(Bom dia|Boa tarde|Boa noite|Boa madrugada) \S+, sua consulta é amanhã$/);

      const ours = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
      expect(ours).toHaveLength(1);
      expect(ours[0]).toMatchObject({ body: text, providerMessageId: sends[0]?.id });

      const row = await scheduleRow(id);
      expect(row).toMatchObject({ status: "completed", messageId: ours[0]?.id, ticketId: ticket.id });
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(emit).toHaveBeenCalledWith(
        companyId,
        "schedule",
        expect.objectContaining({
          action: "update",
          schedule: expect.objectContaining({ status: "completed" }),
        }),
      );
      const [after] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(after?.lastMessage).toBe(text);

      // A sent schedule cannot change any more.
      const edit = await request("PUT", `/schedules/${id}`, headers, { body: "Outra mensagem" });
      expect(edit.statusCode).toBe(400);
    } finally {
      emit.mockRestore();
    }
  });

  it("a schedule not due yet is not sent; one without an open ticket opens a ticket for its author, with the image", async () => {
    const { account, companyId, ticket: first, headers } = await conversation();
    await db().update(tickets).set({ status: "closed" }).where(eq(tickets.id, first.id));
    const future = await request("POST", "/schedules", headers, {
      body: "Ainda não é a hora",
      contactId: first.contactId,
      sendAt: inOneHour(),
    });
    const futureId = (future.json() as ScheduleDto).id;
    expect(await world.server.schedules.deliver(companyId, futureId)).toBe("pending");
    expect((await scheduleRow(futureId))?.messageId).toBeNull();

    const number = newNumber();
    const contact = await buildContact(db(), companyId, { number, name: "ana paula", channel: "whatsapp" });
    const created = await request("POST", "/schedules", headers, {
      body: "Olá {{firstName}}, segue o comprovante",
      contactId: contact.id,
      whatsappId: account.connectionId,
      sendAt: inOneHour(),
    });
    const id = (created.json() as ScheduleDto).id;
    const form = multipart({ filename: "comprovante.png", type: "image/png", bytes: png });
    const upload = await world.server.app.inject({
      method: "POST",
      url: `/schedules/${id}/media-upload`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);

    await senderAhead().deliver(companyId, id);
    const sends = await eventually(async () => {
      const found = sendsTo(number);
      return found.length > 0 ? found : undefined;
    });
    expect(sends).toHaveLength(1);
    expect(sends[0]?.body).toMatchObject({
      type: "image",
      image: { caption: "Olá Ana, segue o comprovante" },
    });
    const row = await scheduleRow(id);
    expect(row?.status).toBe("completed");
    const [opened] = await db()
      .select()
      .from(tickets)
      .where(eq(tickets.id, row?.ticketId as number));
    expect(opened).toMatchObject({
      contactId: contact.id,
      whatsappId: account.connectionId,
      status: "open",
      userId: account.team.admin.id,
    });
    const logs = await db().select().from(ticketLogs).where(eq(ticketLogs.ticketId, opened!.id));
    expect(logs.map((l) => l.type)).toEqual(["create"]);
    expect((await scheduleRow(futureId))?.status).toBe("pending");
  });

  it("a retryable provider failure leaves it pending; the next sweep sends the same message once", async () => {
    const { headers, ticket, from, companyId, account } = await conversation();
    const created = await request("POST", "/schedules", headers, {
      body: "Tentando de novo",
      contactId: ticket.contactId,
      sendAt: inOneHour(),
    });
    const id = (created.json() as ScheduleDto).id;
    world.sim.failNextSend(account.accountId, world.sim.errors.generic);
    expect(await senderAhead().deliver(companyId, id)).toBe("pending");
    const stored = await scheduleRow(id);
    expect(stored?.messageId).not.toBeNull();
    expect(sendsTo(from)).toHaveLength(0);

    // Two senders at once (two processes): the stored message goes out once.
    await Promise.all([senderAhead().deliver(companyId, id), senderAhead().deliver(companyId, id)]);
    expect(await scheduleRow(id)).toMatchObject({ status: "completed", messageId: stored?.messageId });
    expect(sendsTo(from)).toHaveLength(1);
  });

  it("a final provider error marks the schedule as error with its code; it is not tried again", async () => {
    const { headers, ticket, from, companyId } = await conversation();
    world.sim.failSendsTo(from, world.sim.errors.reEngagement);
    try {
      const created = await request("POST", "/schedules", headers, {
        body: "Fora da janela",
        contactId: ticket.contactId,
        sendAt: inOneHour(),
      });
      const id = (created.json() as ScheduleDto).id;
      expect(await senderAhead().deliver(companyId, id)).toBe("error");
      expect(await scheduleRow(id)).toMatchObject({ status: "error", sendError: "ERR_OUTSIDE_24H_WINDOW" });
      const attempts = world.sim.sent.filter((s) => s.recipient === from).length;
      await senderAhead().deliver(companyId, id);
      expect(world.sim.sent.filter((s) => s.recipient === from)).toHaveLength(attempts);

      // Editing a failed schedule makes it pending again, to be sent at its new time.
      const edited = await request("PUT", `/schedules/${id}`, headers, { sendAt: inOneHour() });
      expect(edited.json()).toMatchObject({ status: "pending", sendError: null });
    } finally {
      world.sim.failSendsTo(from, null);
    }
  });

  it("the sweep job is registered under its name", () => {
    expect(sweepDueSchedulesJob(world.server.schedules).name).toBe(SWEEP_DUE_SCHEDULES);
  });
});
