import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConnection, buildQueue, buildTeam } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { companySettings, whatsapps } from "../../db/schema/index.js";

/** Spec 2 section 5 on POST/PUT /whatsapp: the rules across fields and the company's rating setting. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function team(options: { userRating?: boolean } = {}) {
  const built = await buildTeam(server.app, db());
  if (options.userRating)
    await db()
      .update(companySettings)
      .set({ userRating: "enabled" })
      .where(eq(companySettings.companyId, built.company.id));
  const post = (payload: object) =>
    server.app.inject({ method: "POST", url: "/whatsapp", headers: built.adminSession.headers, payload });
  const put = (id: number, payload: object) =>
    server.app.inject({
      method: "PUT",
      url: `/whatsapp/${id}`,
      headers: built.adminSession.headers,
      payload,
    });
  return { ...built, post, put };
}

const issuesOf = (body: { issues?: { field: string; message: string }[] }) =>
  (body.issues ?? []).map((issue) => `${issue.field}: ${issue.message}`).sort();

describe("connection rules (spec 2 section 5)", () => {
  it("name 2 to 50 characters, required", async () => {
    const t = await team();
    expect((await t.post({ name: "A" })).json()).toMatchObject({ field: "name", message: "Too Short!" });
    expect((await t.post({ name: "x".repeat(51) })).json()).toMatchObject({
      field: "name",
      message: "Too Long!",
    });
    expect((await t.post({})).json()).toMatchObject({ field: "name", message: "Required" });
    expect((await t.post({ name: "Ok" })).statusCode).toBe(201);
  });

  it("with userRating enabled: a rating message and a non-zero NPS expiry, on create and on update", async () => {
    const t = await team({ userRating: true });
    const refused = await t.post({ name: "Vendas" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "ERR_VALIDATION", field: "ratingMessage" });
    expect(issuesOf(refused.json())).toEqual([
      "expiresTicketNPS: errorExpiresNPS",
      "ratingMessage: errorRatingMessage",
    ]);
    expect(
      issuesOf((await t.post({ name: "Vendas", ratingMessage: "   ", expiresTicketNPS: 10 })).json()),
    ).toEqual(["ratingMessage: errorRatingMessage"]);
    const created = await t.post({
      name: "Vendas",
      ratingMessage: "Dê uma nota de 0 a 10",
      expiresTicketNPS: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    // An update is checked as the connection it leaves behind.
    expect((await t.put(id, { name: "Vendas 2" })).statusCode).toBe(200);
    expect((await t.put(id, { expiresTicketNPS: 0 })).json()).toMatchObject({
      field: "expiresTicketNPS",
      message: "errorExpiresNPS",
    });
    expect((await t.put(id, { ratingMessage: null })).json()).toMatchObject({
      field: "ratingMessage",
      message: "errorRatingMessage",
    });
    const [row] = await db().select().from(whatsapps).where(eq(whatsapps.id, id));
    expect(row).toMatchObject({
      name: "Vendas 2",
      expiresTicketNPS: 10,
      ratingMessage: "Dê uma nota de 0 a 10",
    });
  });

  it("with userRating disabled, neither is required", async () => {
    const t = await team();
    expect((await t.post({ name: "Vendas", expiresTicketNPS: 0 })).statusCode).toBe(201);
  });

  it("timeSendQueue needs sendIdQueue (errorSendQueue); an empty timeSendQueue is 0", async () => {
    const t = await team();
    const queue = await buildQueue(db(), t.company.id);
    expect((await t.post({ name: "Um", timeSendQueue: 5 })).json()).toMatchObject({
      field: "sendIdQueue",
      message: "errorSendQueue",
    });
    const empty = await t.post({ name: "Dois", timeSendQueue: "" });
    expect(empty.statusCode, empty.body).toBe(201);
    expect(empty.json().timeSendQueue).toBe(0);
    const ok = await t.post({ name: "Três", timeSendQueue: 5, sendIdQueue: queue.id });
    expect(ok.statusCode, ok.body).toBe(201);
    // Taking the queue away from a connection that moves tickets after 5 minutes is refused.
    expect((await t.put(ok.json().id, { sendIdQueue: null })).json()).toMatchObject({
      field: "sendIdQueue",
      message: "errorSendQueue",
    });
    expect((await t.put(ok.json().id, { sendIdQueue: null, timeSendQueue: "" })).statusCode).toBe(200);
  });

  it("a vacation message needs its start and end, the end on or after the start", async () => {
    const t = await team();
    const refused = await t.post({ name: "Férias", collectiveVacationMessage: "Estamos de férias" });
    expect(issuesOf(refused.json())).toEqual([
      "collectiveVacationEnd: A vacation message needs an end date",
      "collectiveVacationStart: A vacation message needs a start date",
    ]);
    const backwards = await t.post({
      name: "Férias",
      collectiveVacationMessage: "Estamos de férias",
      collectiveVacationStart: "2030-01-15",
      collectiveVacationEnd: "2030-01-01",
    });
    expect(backwards.json()).toMatchObject({ field: "collectiveVacationEnd" });
    const ok = await t.post({
      name: "Férias",
      collectiveVacationMessage: "Estamos de férias",
      collectiveVacationStart: "2030-01-01",
      collectiveVacationEnd: "2030-01-01",
    });
    expect(ok.statusCode, ok.body).toBe(201);
    // The stored dates count on update: a new message alone is fine, clearing the start is not.
    expect((await t.put(ok.json().id, { collectiveVacationMessage: "Voltamos dia 2" })).statusCode).toBe(200);
    expect((await t.put(ok.json().id, { collectiveVacationStart: null })).json()).toMatchObject({
      field: "collectiveVacationStart",
    });
  });

  it("import: start between 2 years ago and now, recent at or after it, a queue required", async () => {
    const t = await team();
    const queue = await buildQueue(db(), t.company.id);
    const base = { name: "Importa", queueIdImportMessages: queue.id };
    expect((await t.post({ ...base, importOldMessages: daysAgo(731) })).json()).toMatchObject({
      field: "importOldMessages",
    });
    expect((await t.post({ ...base, importOldMessages: daysAgo(-2) })).json()).toMatchObject({
      field: "importOldMessages",
    });
    expect(
      (await t.post({ ...base, importOldMessages: daysAgo(10), importRecentMessages: daysAgo(20) })).json(),
    ).toMatchObject({ field: "importRecentMessages" });
    expect((await t.post({ name: "Importa", importOldMessages: daysAgo(10) })).json()).toMatchObject({
      field: "queueIdImportMessages",
    });
    const ok = await t.post({ ...base, importOldMessages: daysAgo(700), importRecentMessages: daysAgo(5) });
    expect(ok.statusCode, ok.body).toBe(201);
    // A stored start that ages past the floor does not block later updates.
    await db()
      .update(whatsapps)
      .set({ importOldMessages: new Date(daysAgo(800)) })
      .where(eq(whatsapps.id, ok.json().id));
    expect((await t.put(ok.json().id, { name: "Importada" })).statusCode).toBe(200);
  });

  it("schedules: HH:MM, a shift is both times or neither and ends after it starts", async () => {
    const connectionTeam = await team();
    const connection = await buildConnection(db(), connectionTeam.company.id);
    const day = (shift: object) => ({
      schedules: [{ weekday: "Segunda-feira", weekdayEn: "monday", ...shift }],
    });
    for (const [shift, field] of [
      [{ startTimeA: "8:00", endTimeA: "12:00" }, "startTimeA"],
      [{ startTimeA: "08:00", endTimeA: "24:00" }, "endTimeA"],
      [{ startTimeA: "08:00", endTimeA: "" }, "endTimeA"],
      [{ startTimeB: "", endTimeB: "18:00" }, "startTimeB"],
      [{ startTimeA: "12:00", endTimeA: "08:00" }, "endTimeA"],
    ] as const) {
      const res = await connectionTeam.put(connection.id, day(shift));
      expect(res.statusCode, JSON.stringify(shift)).toBe(400);
      expect(String(res.json().field), JSON.stringify(shift)).toContain(field);
    }
    const ok = await connectionTeam.put(
      connection.id,
      day({ startTimeA: "08:00", endTimeA: "12:00", startTimeB: "", endTimeB: "" }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
