import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConnection, buildQueue, buildTeam } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";

/** A field the spec lists for a route is stored, or refused with 400: never silently dropped. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe("PUT /whatsapp/{id}: schedules, token, import and vacation fields are kept", () => {
  it("stores what the spec's dialog sends and answers it back", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const connection = await buildConnection(server.database.db, team.company.id);
    const queue = await buildQueue(server.database.db, team.company.id);
    const schedules = [
      {
        weekday: "Segunda-feira",
        weekdayEn: "monday",
        startTimeA: "08:00",
        endTimeA: "12:00",
        startTimeB: "13:00",
        endTimeB: "18:00",
      },
      { weekday: "Domingo", weekdayEn: "sunday", startTime: "", endTime: "" },
    ];
    const body = {
      name: connection.name,
      schedules,
      token: "abcDEF0123456789abcDEF01234567",
      provider: "beta",
      importOldMessages: daysAgo(30),
      importRecentMessages: daysAgo(2),
      importOldMessagesGroups: 1,
      closedTicketsPostImported: true,
      queueIdImportMessages: queue.id,
      // The import's state is the server's: accepted from a client written against the spec, not kept.
      statusImportMessages: "Running",
      collectiveVacationStart: "2030-01-01",
      collectiveVacationEnd: "2030-01-15",
      collectiveVacationMessage: "Em férias coletivas",
      promptId: null,
      integrationId: null,
    };
    const res = await server.app.inject({
      method: "PUT",
      url: `/whatsapp/${connection.id}`,
      headers: team.adminSession.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = (
      await server.app.inject({ url: `/whatsapp/${connection.id}`, headers: team.adminSession.headers })
    ).json();
    expect(shown).toMatchObject({
      schedules,
      token: body.token,
      provider: "beta",
      importOldMessages: body.importOldMessages,
      importRecentMessages: body.importRecentMessages,
      importOldMessagesGroups: true,
      closedTicketsPostImported: true,
      queueIdImportMessages: queue.id,
      statusImportMessages: null,
      collectiveVacationStart: "2030-01-01T00:00:00.000Z",
      collectiveVacationEnd: "2030-01-15T00:00:00.000Z",
      collectiveVacationMessage: "Em férias coletivas",
      promptId: null,
      integrationId: null,
    });
    // An ordinary user's picker never gets the messages-API token.
    const asUser = await server.app.inject({ url: "/whatsapp", headers: team.userSession.headers });
    expect(asUser.json().find((c: { id: number }) => c.id === connection.id).token).toBeNull();
  });

  it("refuses with 400 what it cannot keep: a prompt, integration or flow id, import rules, another company's queue", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const other = await buildTeam(server.app, server.database.db);
    const connection = await buildConnection(server.database.db, team.company.id);
    const foreignQueue = await buildQueue(server.database.db, other.company.id);
    const put = (payload: object) =>
      server.app.inject({
        method: "PUT",
        url: `/whatsapp/${connection.id}`,
        headers: team.adminSession.headers,
        payload,
      });
    const cases: [object, string][] = [
      [{ promptId: 3 }, "promptId"],
      [{ integrationId: 1 }, "integrationId"],
      [{ flowIdWelcome: 9 }, "flowIdWelcome"],
      [{ importOldMessages: daysAgo(800), queueIdImportMessages: 1 }, "importOldMessages"],
      [{ importOldMessages: daysAgo(10) }, "queueIdImportMessages"],
      [
        { importOldMessages: daysAgo(10), importRecentMessages: daysAgo(20), queueIdImportMessages: 1 },
        "importRecentMessages",
      ],
      [{ importOldMessages: daysAgo(10), queueIdImportMessages: foreignQueue.id }, "queueIdImportMessages"],
      [{ schedules: [{ weekdayEn: "someday" }] }, "schedules"],
      [{ token: "not a token!" }, "token"],
    ];
    for (const [payload, field] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
      expect(String(res.json().field), JSON.stringify(payload)).toContain(field);
    }
  });

  it("a new connection gets a 30-character token unless the dialog sends one", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const create = (payload: object) =>
      server.app.inject({ method: "POST", url: "/whatsapp", headers: team.adminSession.headers, payload });
    const generated = await create({ name: "Vendas" });
    expect(generated.statusCode, generated.body).toBe(201);
    expect(generated.json().token).toMatch(/^[A-Za-z0-9]{30}$/);
    const given = await create({ name: "Suporte", token: "tokenFromTheDialog123" });
    expect(given.json().token).toBe("tokenFromTheDialog123");
  });
});

describe("POST /tags: the kanban lane fields are kept", () => {
  it("stores timeLane, nextLaneId, rollbackLaneId and greetingMessageLane; refuses another company's lane", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const other = await buildTeam(server.app, server.database.db);
    const post = (headers: object, payload: object) =>
      server.app.inject({
        method: "POST",
        url: "/tags",
        headers: headers as Record<string, string>,
        payload,
      });
    const next = (await post(team.adminSession.headers, { name: "Em negociação", kanban: 1 })).json();
    const back = (await post(team.adminSession.headers, { name: "Novo contato", kanban: 1 })).json();
    const res = await post(team.adminSession.headers, {
      name: "Proposta enviada",
      kanban: 1,
      timeLane: 60,
      nextLaneId: next.id,
      rollbackLaneId: back.id,
      greetingMessageLane: "Olá! Recebeu nossa proposta?",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      timeLane: 60,
      nextLaneId: next.id,
      rollbackLaneId: back.id,
      greetingMessageLane: "Olá! Recebeu nossa proposta?",
    });
    const listed = (
      await server.app.inject({ url: "/tags/list?kanban=1", headers: team.adminSession.headers })
    ).json() as { id: number; timeLane: number; nextLaneId: number | null }[];
    expect(listed.find((t) => t.id === res.json().id)).toMatchObject({ timeLane: 60, nextLaneId: next.id });

    const foreignLane = (await post(other.adminSession.headers, { name: "Deles", kanban: 1 })).json();
    for (const field of ["nextLaneId", "rollbackLaneId"]) {
      const refused = await post(team.adminSession.headers, {
        name: `Outra ${field}`,
        kanban: 1,
        [field]: foreignLane.id,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: "ERR_TAG_INVALID_LANE", field });
    }
  });
});
