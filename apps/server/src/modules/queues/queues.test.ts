import type { ChatbotOptionDto, QueueDetailDto, QueueDto } from "@inbox/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  buildConnection,
  buildQueue,
  buildTeam,
  buildTicket,
  buildUser,
  unique,
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import {
  chatbots,
  plans,
  queues,
  tickets,
  userQueues,
  users,
  whatsappQueues,
  whatsapps,
} from "../../db/schema/index.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const db = () => server.database.db;
const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: object) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload });

let colors = 0;
/** A colour no other queue of the test has. */
const color = () => `#${(0x100000 + ++colors).toString(16)}`;

const schedules = [
  {
    weekday: "Segunda-feira",
    weekdayEn: "monday",
    startTimeA: "08:00",
    endTimeA: "12:00",
    startTimeB: "13:00",
    endTimeB: "18:00",
  },
  { weekday: "Domingo", weekdayEn: "sunday", startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" },
];

/** Three levels: Vendas > Planos > (Mensal, Anual), and Suporte beside Vendas. */
const threeLevels = () => [
  {
    name: "Vendas",
    greetingMessage: "Escolha o assunto",
    options: [
      {
        name: "Planos",
        greetingMessage: "Qual plano?",
        options: [
          { name: "Mensal", greetingMessage: "R$ 10 por mês", closeTicket: true },
          { name: "Anual", greetingMessage: "R$ 100 por ano" },
        ],
      },
    ],
  },
  { name: "Suporte", greetingMessage: "Um momento" },
];

const names = (options: ChatbotOptionDto[]): unknown[] =>
  options.map((o) => (o.options.length ? [o.name, names(o.options)] : o.name));

describe("queues", () => {
  it("an admin creates a queue with schedules and a three-level option tree; GET answers it nested; the company hears it", async () => {
    const team = await buildTeam(server.app, db());
    const emit = vi.spyOn(server.realtime, "toCompany");
    const created = await inject("POST", "/queue", team.adminSession.headers, {
      name: "Comercial",
      color: "#ff0000",
      greetingMessage: "Bem-vindo ao comercial",
      outOfHoursMessage: "Fora do horário",
      orderQueue: 2,
      closeTicket: true,
      ativarRoteador: true,
      tempoRoteador: 5,
      integrationId: null,
      fileListId: null,
      schedules,
      chatbots: threeLevels(),
    });
    expect(created.statusCode).toBe(201);
    const queue = created.json() as QueueDetailDto;
    expect(queue).toMatchObject({
      name: "Comercial",
      color: "#ff0000",
      greetingMessage: "Bem-vindo ao comercial",
      outOfHoursMessage: "Fora do horário",
      orderQueue: 2,
      closeTicket: true,
      ativarRoteador: true,
      tempoRoteador: 5,
      integrationId: null,
      fileListId: null,
      schedules,
    });
    expect(names(queue.chatbots)).toEqual([["Vendas", [["Planos", ["Mensal", "Anual"]]]], "Suporte"]);
    const [vendas] = queue.chatbots;
    expect(vendas).toMatchObject({
      queueId: queue.id,
      chatbotId: null,
      queueType: "text",
      closeTicket: false,
    });
    const planos = vendas!.options[0]!;
    expect(planos).toMatchObject({ queueId: null, chatbotId: vendas!.id, greetingMessage: "Qual plano?" });
    expect(planos.options[0]).toMatchObject({ chatbotId: planos.id, name: "Mensal", closeTicket: true });

    const { chatbots: _tree, ...listed } = queue;
    expect(emit).toHaveBeenCalledWith(team.company.id, "queue", { action: "create", queue: listed });

    // Everyone signed in reads queues (pickers), ordinary users included.
    const shown = await inject("GET", `/queue/${queue.id}`, team.userSession.headers);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual(queue);
  });

  it("GET /queue lists the company's queues by orderQueue, then id, without the trees", async () => {
    const team = await buildTeam(server.app, db());
    const c = await buildQueue(db(), team.company.id, { orderQueue: null });
    const b = await buildQueue(db(), team.company.id, { orderQueue: 1 });
    const a = await buildQueue(db(), team.company.id, { orderQueue: 1 });
    const first = await buildQueue(db(), team.company.id, { orderQueue: 0 });
    await buildQueue(db(), (await buildTeam(server.app, db())).company.id);
    const res = await inject("GET", "/queue", team.userSession.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json() as QueueDto[];
    expect(list.map((q) => q.id)).toEqual([first.id, b.id, a.id, c.id]);
    expect(list[0]).not.toHaveProperty("chatbots");
  });

  it("answers the validation messages of spec 2 section 5", async () => {
    const team = await buildTeam(server.app, db());
    const post = (payload: object) => inject("POST", "/queue", team.adminSession.headers, payload);
    const issue = async (payload: object) => {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { error: string; field: string; message: string };
      return { error: body.error, field: body.field, message: body.message };
    };
    expect(await issue({ color: "#000001" })).toEqual({
      error: "ERR_VALIDATION",
      field: "name",
      message: "Required",
    });
    expect(await issue({ name: "", color: "#000001" })).toMatchObject({ field: "name", message: "Required" });
    expect(await issue({ name: "A", color: "#000001" })).toMatchObject({
      field: "name",
      message: "Too Short!",
    });
    expect(await issue({ name: "x".repeat(51), color: "#000001" })).toMatchObject({
      field: "name",
      message: "Too Long!",
    });
    expect(await issue({ name: "Fila" })).toMatchObject({ field: "color", message: "Required" });
    expect(await issue({ name: "Fila", color: "#0" })).toMatchObject({
      field: "color",
      message: "Too Short!",
    });
    expect(await issue({ name: "Fila", color: "#0123456789" })).toMatchObject({
      field: "color",
      message: "Too Long!",
    });
    expect(await issue({ name: "Fila", color: "#000001", chatbots: [{ name: "abc" }] })).toMatchObject({
      field: "chatbots.0.name",
      message: "Too Short!",
    });
    expect(
      await issue({
        name: "Fila",
        color: "#000001",
        chatbots: [{ name: "Menu", options: [{ name: "Sub1" }] }],
      }),
    ).toMatchObject({
      field: "chatbots.0.greetingMessage",
      message: "A bot message is required to go to the next level",
    });
    expect(
      await issue({ name: "Fila", color: "#000001", chatbots: [{ name: "Falar", queueType: "attendent" }] }),
    ).toMatchObject({ field: "chatbots.0.optUserId", message: "Required" });
    expect(await issue({ name: "Fila", color: "#000001", tempoRoteador: 7 })).toMatchObject({
      field: "tempoRoteador",
    });
    expect(
      await issue({
        name: "Fila",
        color: "#000001",
        schedules: [{ weekdayEn: "monday", startTimeA: "25:00" }],
      }),
    ).toMatchObject({ field: "schedules.0.startTimeA", message: "Invalid time" });
    expect(
      await issue({
        name: "Fila",
        color: "#000001",
        schedules: [{ weekdayEn: "monday" }, { weekdayEn: "monday" }],
      }),
    ).toMatchObject({ field: "schedules" });
    expect(await issue({ name: "Fila", color: "#000001", integrationId: 3 })).toMatchObject({
      field: "integrationId",
    });
    // Deeper than eight levels is refused.
    let deep: object = { name: "Folha" };
    for (let i = 0; i < 8; i++) deep = { name: `Nivel${i}`, greetingMessage: "m", options: [deep] };
    expect((await post({ name: "Fila", color: "#000001", chatbots: [deep] })).statusCode).toBe(400);
    expect(await db().select().from(queues).where(eq(queues.companyId, team.company.id))).toEqual([]);

    // The first queue needs no greeting; once the company has more than one, each does.
    expect((await post({ name: "Primeira", color: "#000001" })).statusCode).toBe(201);
    expect(await issue({ name: "Segunda", color: "#000002" })).toEqual({
      error: "ERR_VALIDATION",
      field: "greetingMessage",
      message: "A greeting message is required when the company has more than one queue",
    });
    expect((await post({ name: "Segunda", color: "#000002", greetingMessage: "Olá" })).statusCode).toBe(201);
  });

  it("name and colour are unique in the company, whatever the case; another company may reuse them", async () => {
    const team = await buildTeam(server.app, db());
    const first = await inject("POST", "/queue", team.adminSession.headers, {
      name: "Suporte",
      color: "#AA0000",
    });
    expect(first.statusCode).toBe(201);
    const sameName = await inject("POST", "/queue", team.adminSession.headers, {
      name: "suporte",
      color: "#BB0000",
      greetingMessage: "Olá",
    });
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json()).toMatchObject({ error: "ERR_QUEUE_NAME_ALREADY_EXISTS", field: "name" });
    const sameColor = await inject("POST", "/queue", team.adminSession.headers, {
      name: "Vendas",
      color: "#aa0000",
      greetingMessage: "Olá",
    });
    expect(sameColor.statusCode).toBe(400);
    expect(sameColor.json()).toMatchObject({ error: "ERR_QUEUE_COLOR_ALREADY_EXISTS", field: "color" });

    const second = await inject("POST", "/queue", team.adminSession.headers, {
      name: "Vendas",
      color: "#BB0000",
      greetingMessage: "Olá",
    });
    expect(second.statusCode).toBe(201);
    const id = (second.json() as QueueDto).id;
    // Its own name and colour are no conflict; another queue's are.
    const same = await inject("PUT", `/queue/${id}`, team.adminSession.headers, {
      name: "Vendas",
      color: "#BB0000",
    });
    expect(same.statusCode).toBe(200);
    const taken = await inject("PUT", `/queue/${id}`, team.adminSession.headers, { color: "#aa0000" });
    expect(taken.json()).toMatchObject({ error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" });

    const other = await buildTeam(server.app, db());
    const reused = await inject("POST", "/queue", other.adminSession.headers, {
      name: "Suporte",
      color: "#AA0000",
    });
    expect(reused.statusCode).toBe(201);
  });

  it("PUT replaces the tree when it carries one: ids keep options, left-out ones go with their children; without a tree it stays", async () => {
    const team = await buildTeam(server.app, db());
    const created = (
      await inject("POST", "/queue", team.adminSession.headers, {
        name: "Atendimento",
        color: color(),
        chatbots: threeLevels(),
        schedules,
      })
    ).json() as QueueDetailDto;
    const [vendas, suporte] = created.chatbots;
    const planos = vendas!.options[0]!;
    const [mensal, anual] = planos.options;
    const emit = vi.spyOn(server.realtime, "toCompany");

    // Keep Vendas (renamed) and move Anual up under it; drop Planos (with Mensal) and Suporte; add Financeiro.
    const user = await buildUser(db(), team.company.id);
    const res = await inject("PUT", `/queue/${created.id}`, team.adminSession.headers, {
      chatbots: [
        {
          id: vendas!.id,
          name: "Vendas e planos",
          greetingMessage: "Escolha",
          options: [
            {
              id: anual!.id,
              name: "Anual",
              greetingMessage: "R$ 100",
              queueType: "attendent",
              optUserId: user.id,
            },
          ],
        },
        { name: "Financeiro", greetingMessage: "Boletos", queueType: "queue", optQueueId: created.id },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as QueueDetailDto;
    expect(names(updated.chatbots)).toEqual([["Vendas e planos", ["Anual"]], "Financeiro"]);
    expect(updated.chatbots[0]!.id).toBe(vendas!.id);
    expect(updated.chatbots[0]!.options[0]).toMatchObject({
      id: anual!.id,
      chatbotId: vendas!.id,
      queueType: "attendent",
      optUserId: user.id,
    });
    expect(updated.chatbots[1]!.id).toBeGreaterThan(anual!.id);
    expect(updated.chatbots[1]).toMatchObject({ queueType: "queue", optQueueId: created.id });
    const gone = await db()
      .select()
      .from(chatbots)
      .where(inArray(chatbots.id, [planos.id, mensal!.id, suporte!.id]));
    expect(gone).toEqual([]);
    expect(updated.schedules).toEqual(schedules);
    const { chatbots: _tree, ...listed } = updated;
    expect(emit).toHaveBeenCalledWith(team.company.id, "queue", { action: "update", queue: listed });

    // Without `chatbots` the tree stays; schedules given replace the stored ones.
    const fields = await inject("PUT", `/queue/${created.id}`, team.adminSession.headers, {
      greetingMessage: "Novo",
      schedules: [schedules[0]],
    });
    expect(fields.json()).toMatchObject({ greetingMessage: "Novo", schedules: [schedules[0]] });
    expect((fields.json() as QueueDetailDto).chatbots).toEqual(updated.chatbots);

    // An id not of this tree is refused and nothing changes.
    const other = await inject("POST", "/queue", team.adminSession.headers, {
      name: "Outra",
      color: color(),
      greetingMessage: "Olá",
      chatbots: [{ name: "Alheia" }],
    });
    const foreignOption = (other.json() as QueueDetailDto).chatbots[0]!.id;
    const refused = await inject("PUT", `/queue/${created.id}`, team.adminSession.headers, {
      chatbots: [{ id: foreignOption, name: "Roubada" }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: "id", message: "Unknown option" });
    const after = (await inject("GET", `/queue/${created.id}`, team.adminSession.headers)).json();
    expect(after.chatbots).toEqual(updated.chatbots);

    // An empty tree clears it.
    const cleared = await inject("PUT", `/queue/${created.id}`, team.adminSession.headers, { chatbots: [] });
    expect((cleared.json() as QueueDetailDto).chatbots).toEqual([]);
  });

  it("an option keeps only the target its type uses, and targets must be the company's", async () => {
    const team = await buildTeam(server.app, db());
    const user = await buildUser(db(), team.company.id);
    const target = await buildQueue(db(), team.company.id);
    const res = await inject("POST", "/queue", team.adminSession.headers, {
      name: "Alvos",
      color: color(),
      greetingMessage: "Olá",
      chatbots: [{ name: "Texto", queueType: "text", optUserId: user.id, optQueueId: target.id }],
    });
    expect((res.json() as QueueDetailDto).chatbots[0]).toMatchObject({ optUserId: null, optQueueId: null });

    const stranger = await buildTeam(server.app, db());
    const theirs = await buildQueue(db(), stranger.company.id);
    const refused = await inject("POST", "/queue", team.adminSession.headers, {
      name: "Alheios",
      color: color(),
      greetingMessage: "Olá",
      chatbots: [{ name: "Mover", queueType: "queue", optQueueId: theirs.id }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: "optQueueId" });
    const strangerUser = await inject("POST", "/queue", team.adminSession.headers, {
      name: "Alheios",
      color: color(),
      greetingMessage: "Olá",
      chatbots: [{ name: "Texto", optUserId: stranger.user.id }],
    });
    expect(strangerUser.statusCode).toBe(400);
    expect(strangerUser.json()).toMatchObject({ field: "optUserId" });

    // A deleted target user leaves the option without a target (the automation treats it as unset).
    const option = await inject("POST", "/queue", team.adminSession.headers, {
      name: "Pessoa",
      color: color(),
      greetingMessage: "Olá",
      chatbots: [{ name: "Falar com Ana", queueType: "attendent", optUserId: user.id }],
    });
    const optionId = (option.json() as QueueDetailDto).chatbots[0]!.id;
    await db().delete(users).where(eq(users.id, user.id));
    const [row] = await db().select().from(chatbots).where(eq(chatbots.id, optionId));
    expect(row).toMatchObject({ optUserId: null, companyId: team.company.id });
  });

  it("DELETE takes the queue's links and options; its tickets stay without a queue and their lists hear it", async () => {
    const team = await buildTeam(server.app, db());
    const created = (
      await inject("POST", "/queue", team.adminSession.headers, {
        name: "Temporária",
        color: color(),
        chatbots: threeLevels(),
      })
    ).json() as QueueDetailDto;
    const id = created.id;
    await db().insert(userQueues).values({ companyId: team.company.id, userId: team.user.id, queueId: id });
    const connection = await buildConnection(db(), team.company.id, {
      sendIdQueue: id,
      queueIdImportMessages: id,
    });
    await db()
      .insert(whatsappQueues)
      .values({ companyId: team.company.id, whatsappId: connection.id, queueId: id });
    const pending = await buildTicket(db(), team.company.id, { status: "pending", queueId: id });
    const closed = await buildTicket(db(), team.company.id, { status: "closed", queueId: id });
    const emit = vi.spyOn(server.realtime, "toCompany");
    const ticketEvents = vi.spyOn(server.events, "ticketChanged");

    const res = await inject("DELETE", `/queue/${id}`, team.adminSession.headers);
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(queues).where(eq(queues.id, id))).toEqual([]);
    expect(await db().select().from(chatbots).where(eq(chatbots.companyId, team.company.id))).toEqual([]);
    expect(await db().select().from(userQueues).where(eq(userQueues.queueId, id))).toEqual([]);
    expect(await db().select().from(whatsappQueues).where(eq(whatsappQueues.queueId, id))).toEqual([]);
    const [conn] = await db().select().from(whatsapps).where(eq(whatsapps.id, connection.id));
    expect(conn).toMatchObject({ sendIdQueue: null, queueIdImportMessages: null });
    const left = await db()
      .select()
      .from(tickets)
      .where(inArray(tickets.id, [pending.id, closed.id]));
    expect(left.map((t) => [t.id, t.queueId, t.companyId])).toEqual(
      expect.arrayContaining([
        [pending.id, null, team.company.id],
        [closed.id, null, team.company.id],
      ]),
    );
    expect(emit).toHaveBeenCalledWith(team.company.id, "queue", { action: "delete", queueId: id });
    // The open ticket's lists hear it leave the queue; the closed one is in no list.
    expect(ticketEvents).toHaveBeenCalledTimes(1);
    expect(ticketEvents.mock.calls[0]![1]).toMatchObject({ id: pending.id, queueId: null });
    expect(ticketEvents.mock.calls[0]![3]).toMatchObject({ queueId: id });

    expect((await inject("DELETE", `/queue/${id}`, team.adminSession.headers)).statusCode).toBe(404);
    expect((await inject("GET", `/queue/${id}`, team.adminSession.headers)).statusCode).toBe(404);
  });

  it("only admins write queues and options: profile user gets ERR_NO_PERMISSION and nothing changes", async () => {
    const team = await buildTeam(server.app, db());
    const queue = await buildQueue(db(), team.company.id);
    const [option] = await db()
      .insert(chatbots)
      .values({ companyId: team.company.id, queueId: queue.id, name: "Opção", greetingMessage: "m" })
      .returning();
    const headers = team.userSession.headers;
    const attempts = [
      inject("POST", "/queue", headers, { name: "Minha", color: color() }),
      inject("PUT", `/queue/${queue.id}`, headers, { name: "Tomada" }),
      inject("DELETE", `/queue/${queue.id}`, headers),
      inject("POST", "/chatbot", headers, { name: "Nova opção", queueId: queue.id }),
      inject("PUT", `/chatbot/${option!.id}`, headers, { name: "Tomada" }),
      inject("DELETE", `/chatbot/${option!.id}`, headers),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    }
    const [after] = await db().select().from(queues).where(eq(queues.id, queue.id));
    expect(after).toEqual(queue);
    expect(await db().select().from(chatbots).where(eq(chatbots.companyId, team.company.id))).toEqual([
      option,
    ]);
    // Reading stays open to them.
    expect((await inject("GET", `/chatbot/${option!.id}`, headers)).statusCode).toBe(200);

    // A super user of the company is an admin here.
    const [superUser] = await db()
      .update(users)
      .set({ super: true })
      .where(eq(users.id, team.user.id))
      .returning();
    expect(superUser!.profile).toBe("user");
    const bySuper = await inject("PUT", `/queue/${queue.id}`, headers, { name: "Do super" });
    expect(bySuper.statusCode).toBe(200);
  });

  it("POST /queue keeps to the plan's queue count", async () => {
    const team = await buildTeam(server.app, db());
    await db().update(plans).set({ queues: 1 }).where(eq(plans.id, team.company.planId));
    expect(
      (await inject("POST", "/queue", team.adminSession.headers, { name: "Uma", color: color() })).statusCode,
    ).toBe(201);
    const over = await inject("POST", "/queue", team.adminSession.headers, {
      name: "Duas",
      color: color(),
      greetingMessage: "Olá",
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      error: "ERR_PLAN_QUEUES_LIMIT",
      message: "The plan allows 1 queues",
    });
  });
});

describe("chatbot options", () => {
  async function queueWithTree(team: Awaited<ReturnType<typeof buildTeam>>) {
    return (
      await inject("POST", "/queue", team.adminSession.headers, {
        name: unique("Fila"),
        color: color(),
        greetingMessage: "Olá",
        chatbots: threeLevels(),
      })
    ).json() as QueueDetailDto;
  }

  it("GET /chatbot/{id} answers the option with its options nested", async () => {
    const team = await buildTeam(server.app, db());
    const queue = await queueWithTree(team);
    const vendas = queue.chatbots[0]!;
    const res = await inject("GET", `/chatbot/${vendas.id}`, team.userSession.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(vendas);
    const planos = vendas.options[0]!;
    expect((await inject("GET", `/chatbot/${planos.id}`, team.userSession.headers)).json()).toEqual(planos);
    expect((await inject("GET", "/chatbot/2147483647", team.userSession.headers)).statusCode).toBe(404);
  });

  it("POST /chatbot adds an option with its options last under a queue or an option, whose bot message must be set", async () => {
    const team = await buildTeam(server.app, db());
    const queue = await queueWithTree(team);
    const emit = vi.spyOn(server.realtime, "toCompany");
    const top = await inject("POST", "/chatbot", team.adminSession.headers, {
      queueId: queue.id,
      name: "Ouvidoria",
      greetingMessage: "Conte-nos",
      options: [{ name: "Elogio" }, { name: "Reclamação", closeTicket: true }],
    });
    expect(top.statusCode, top.body).toBe(201);
    const added = top.json() as ChatbotOptionDto;
    expect(added).toMatchObject({ queueId: queue.id, chatbotId: null, name: "Ouvidoria" });
    expect(names(added.options)).toEqual(["Elogio", "Reclamação"]);
    const tree = (
      await inject("GET", `/queue/${queue.id}`, team.adminSession.headers)
    ).json() as QueueDetailDto;
    expect(names(tree.chatbots).at(-1)).toEqual(["Ouvidoria", ["Elogio", "Reclamação"]]);
    expect(emit).toHaveBeenCalledWith(
      team.company.id,
      "queue",
      expect.objectContaining({ action: "update" }),
    );

    const suporte = queue.chatbots[1]!;
    const under = await inject("POST", "/chatbot", team.adminSession.headers, {
      chatbotId: suporte.id,
      name: "Internet",
    });
    expect(under.statusCode).toBe(201);
    expect(under.json()).toMatchObject({ queueId: null, chatbotId: suporte.id });

    const elogio = added.options[0]!;
    const noMessage = await inject("POST", "/chatbot", team.adminSession.headers, {
      chatbotId: elogio.id,
      name: "Detalhe",
    });
    expect(noMessage.statusCode).toBe(400);
    expect(noMessage.json()).toMatchObject({
      field: "chatbotId",
      message: "A bot message is required to go to the next level",
    });
    const both = await inject("POST", "/chatbot", team.adminSession.headers, {
      queueId: queue.id,
      chatbotId: suporte.id,
      name: "Ambos",
    });
    expect(both.statusCode).toBe(400);
    const short = await inject("POST", "/chatbot", team.adminSession.headers, {
      queueId: queue.id,
      name: "abc",
    });
    expect(short.json()).toMatchObject({ field: "name", message: "Too Short!" });

    // The depth limit counts the parent's level.
    let chain: object = { name: "Folha" };
    for (let i = 0; i < 6; i++) chain = { name: `Nivel${i}`, greetingMessage: "m", options: [chain] };
    const planos = queue.chatbots[0]!.options[0]!;
    const tooDeep = await inject("POST", "/chatbot", team.adminSession.headers, {
      chatbotId: planos.id,
      ...chain,
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toMatchObject({ message: "At most 8 levels of options" });

    const stranger = await buildTeam(server.app, db());
    const foreign = await inject("POST", "/chatbot", stranger.adminSession.headers, {
      chatbotId: suporte.id,
      name: "Intrusa",
    });
    expect(foreign.statusCode).toBe(400);
    const foreignQueue = await inject("POST", "/chatbot", stranger.adminSession.headers, {
      queueId: queue.id,
      name: "Intrusa",
    });
    expect(foreignQueue.statusCode).toBe(400);
  });

  it("PUT /chatbot/{id} changes the option; with `options` it replaces its subtree, without them the children stay", async () => {
    const team = await buildTeam(server.app, db());
    const queue = await queueWithTree(team);
    const vendas = queue.chatbots[0]!;
    const planos = vendas.options[0]!;
    const [mensal, anual] = planos.options;

    const fields = await inject("PUT", `/chatbot/${planos.id}`, team.adminSession.headers, {
      name: "Planos e preços",
      greetingMessage: "Qual?",
    });
    expect(fields.statusCode, fields.body).toBe(200);
    expect(fields.json()).toMatchObject({ id: planos.id, chatbotId: vendas.id, name: "Planos e preços" });
    expect(names((fields.json() as ChatbotOptionDto).options)).toEqual(["Mensal", "Anual"]);

    // With children, the bot message stays required.
    const noMessage = await inject("PUT", `/chatbot/${planos.id}`, team.adminSession.headers, {
      name: "Planos",
    });
    expect(noMessage.statusCode).toBe(400);
    expect(noMessage.json()).toMatchObject({
      field: "greetingMessage",
      message: "A bot message is required to go to the next level",
    });

    const subtree = await inject("PUT", `/chatbot/${planos.id}`, team.adminSession.headers, {
      name: "Planos",
      greetingMessage: "Qual?",
      options: [
        { id: anual!.id, name: "Anual", greetingMessage: "Oferta", options: [{ name: "Pagar à vista" }] },
      ],
    });
    expect(subtree.statusCode, subtree.body).toBe(200);
    expect(names((subtree.json() as ChatbotOptionDto).options)).toEqual([["Anual", ["Pagar à vista"]]]);
    expect(await db().select().from(chatbots).where(eq(chatbots.id, mensal!.id))).toEqual([]);

    // An option of another branch is not this subtree's.
    const suporte = queue.chatbots[1]!;
    const stolen = await inject("PUT", `/chatbot/${planos.id}`, team.adminSession.headers, {
      name: "Planos",
      greetingMessage: "Qual?",
      options: [{ id: suporte.id, name: "Suporte" }],
    });
    expect(stolen.statusCode).toBe(400);
    expect((await inject("GET", `/chatbot/${suporte.id}`, team.adminSession.headers)).json()).toEqual(
      suporte,
    );

    const stranger = await buildTeam(server.app, db());
    const foreign = await inject("PUT", `/chatbot/${planos.id}`, stranger.adminSession.headers, {
      name: "Intrusa",
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("DELETE /chatbot/{id} takes the option and every option below it; the queue's lists hear it", async () => {
    const team = await buildTeam(server.app, db());
    const queue = await queueWithTree(team);
    const vendas = queue.chatbots[0]!;
    const emit = vi.spyOn(server.realtime, "toCompany");
    const res = await inject("DELETE", `/chatbot/${vendas.id}`, team.adminSession.headers);
    expect(res.statusCode).toBe(200);
    const tree = (
      await inject("GET", `/queue/${queue.id}`, team.adminSession.headers)
    ).json() as QueueDetailDto;
    expect(names(tree.chatbots)).toEqual(["Suporte"]);
    const ids = [vendas.id, vendas.options[0]!.id, ...vendas.options[0]!.options.map((o) => o.id)];
    expect(await db().select().from(chatbots).where(inArray(chatbots.id, ids))).toEqual([]);
    expect(emit).toHaveBeenCalledWith(
      team.company.id,
      "queue",
      expect.objectContaining({ action: "update" }),
    );
    expect((await inject("DELETE", `/chatbot/${vendas.id}`, team.adminSession.headers)).statusCode).toBe(404);
  });

  it("the database keeps each option under exactly one owner", async () => {
    const team = await buildTeam(server.app, db());
    const queue = await buildQueue(db(), team.company.id);
    await expect(
      db().insert(chatbots).values({ companyId: team.company.id, name: "Órfã" }),
    ).rejects.toThrow();
    const [top] = await db()
      .insert(chatbots)
      .values({ companyId: team.company.id, queueId: queue.id, name: "Topo" })
      .returning();
    await expect(
      db()
        .insert(chatbots)
        .values({ companyId: team.company.id, queueId: queue.id, chatbotId: top!.id, name: "Dupla" }),
    ).rejects.toThrow();
    // A parent of another company is refused by the composite key.
    const stranger = await buildTeam(server.app, db());
    await expect(
      db().insert(chatbots).values({ companyId: stranger.company.id, chatbotId: top!.id, name: "Intrusa" }),
    ).rejects.toThrow();
  });
});

describe("API description", () => {
  it("GET /openapi.json describes the queue and chatbot routes with the nested option trees", async () => {
    const res = await server.app.inject({ method: "GET", url: "/openapi.json" });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    for (const path of ["/queue", "/queue/{id}", "/chatbot", "/chatbot/{id}"])
      expect(doc.paths[path]).toBeTruthy();
    expect(JSON.stringify(doc.paths["/queue/{id}"])).toContain("optQueueId");
  });
});
