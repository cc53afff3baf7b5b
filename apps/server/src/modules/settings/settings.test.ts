import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { LIMITS, SETTING_DEFINITIONS } from "@inbox/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  buildAdmin,
  buildTeam,
  ensurePlatformCompany,
  login,
  type Session,
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { TestSockets } from "../../../test/sockets.js";
import { REPO_ROOT } from "../../config.js";
import { companies, companySettings, settings } from "../../db/schema/index.js";

let server: TestServer;
let url: string;
const clients = new TestSockets(() => url);

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  await ensurePlatformCompany(db());
});
afterEach(() => clients.closeAll());
afterAll(() => server.close());

const db = () => server.database.db;
type Method = "GET" | "PUT";
const call = (method: Method, path: string, session?: Session, payload?: object) =>
  server.app.inject({
    method,
    url: path,
    headers: session?.headers ?? {},
    ...(payload === undefined ? {} : { payload }),
  });
const put = (key: string, value: unknown, session: Session) =>
  call("PUT", `/settings/${key}`, session, { value } as object);
const companyRow = async (companyId: number) =>
  (await db().select().from(companySettings).where(eq(companySettings.companyId, companyId)))[0];

async function superTeam() {
  const team = await buildTeam(server.app, db());
  const boss = await buildAdmin(db(), team.company.id, { super: true });
  return { ...team, superSession: await login(server.app, boss.email) };
}

async function until(check: () => boolean, what: string) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 10_000) throw new Error(`waited too long for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("settings reads", () => {
  it("GET /settings lists every setting of the company to an admin only; GET /setting/{key} reads one", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    await db()
      .insert(settings)
      .values([
        { companyId: team.company.id, key: "downloadLimit", value: "128" },
        // A stray row of a key stored in the typed row does not hide the real value.
        { companyId: team.company.id, key: "userRating", value: "enabled" },
        { companyId: other.company.id, key: "downloadLimit", value: "2048" },
      ]);
    await db()
      .update(companySettings)
      .set({ acceptCallWhatsappMessage: "Não atendemos ligações", directTicketsToWallets: "enabled" })
      .where(eq(companySettings.companyId, team.company.id));

    const list = await call("GET", "/settings", team.adminSession);
    expect(list.statusCode).toBe(200);
    const values = Object.fromEntries(
      (list.json() as { key: string; value: string | null }[]).map((s) => [s.key, s.value]),
    );
    expect(values).toMatchObject({
      downloadLimit: "128",
      userRating: "disabled",
      scheduleType: "disabled",
      chatBotType: "text",
      AcceptCallWhatsappMessage: "Não atendemos ligações",
      DirectTicketsToWallets: "enabled",
    });
    expect(values).not.toHaveProperty("acceptCallWhatsappMessage");
    const keys = (list.json() as { key: string }[]).map((s) => s.key);
    expect(keys).toEqual([...keys].sort());
    expect((await call("GET", "/settings", team.userSession)).statusCode).toBe(403);

    const one = await call("GET", "/setting/downloadLimit", team.userSession);
    expect(one.json()).toEqual({ key: "downloadLimit", value: "128" });
    expect((await call("GET", "/setting/downloadLimit", other.userSession)).json().value).toBe("2048");
    expect((await call("GET", "/setting/requiredTag", team.userSession)).json()).toEqual({
      key: "requiredTag",
      value: "disabled",
    });
    const missing = await call("GET", "/setting/nothing", team.userSession);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("ERR_NO_SETTING_FOUND");
  });

  it("GET /companySettings/{id} answers the own company's attendance settings with the spec's keys; another company's is not found", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const res = await call("GET", `/companySettings/${team.company.id}`, team.userSession);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      requiredTag: "disabled",
      lgpdHideNumber: "disabled",
      hoursCloseTicketsAuto: "24",
      AcceptCallWhatsappMessage: null,
      DirectTicketsToWallets: "disabled",
    });
    const foreign = await call("GET", `/companySettings/${other.company.id}`, team.adminSession);
    expect(foreign.statusCode).toBe(404);
  });

  it("GET /companySettingOne?column= answers { column: value }", async () => {
    const team = await buildTeam(server.app, db());
    const res = await call("GET", "/companySettingOne?column=requiredTag", team.userSession);
    expect(res.json()).toEqual({ requiredTag: "disabled" });
    const spelled = await call("GET", "/companySettingOne?column=DirectTicketsToWallets", team.userSession);
    expect(spelled.json()).toEqual({ DirectTicketsToWallets: "disabled" });
    const unknown = await call("GET", "/companySettingOne?column=companyId", team.userSession);
    expect(unknown.statusCode).toBe(404);
    const missing = await call("GET", "/companySettingOne", team.userSession);
    expect(missing.statusCode).toBe(400);
  });

  it("the login answer names the company settings with the spec's keys too", async () => {
    const team = await buildTeam(server.app, db());
    const keys = team.adminSession.user.company?.companieSettings?.map((s) => s.key) ?? [];
    expect(keys).toContain("AcceptCallWhatsappMessage");
    expect(keys).toContain("DirectTicketsToWallets");
  });
});

describe("PUT /settings/{key}", () => {
  it("an admin changes a setting of the company; the other company is untouched", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const before = await companyRow(other.company.id);

    const res = await put("userRating", "enabled", team.adminSession);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: "userRating", value: "enabled" });
    expect((await companyRow(team.company.id))?.userRating).toBe("enabled");
    const scheduled = await put("scheduleType", "company", team.adminSession);
    expect(scheduled.json()).toEqual({ key: "scheduleType", value: "company" });
    const wallets = await put("DirectTicketsToWallets", "enabled", team.adminSession);
    expect(wallets.statusCode).toBe(200);
    expect((await companyRow(team.company.id))?.directTicketsToWallets).toBe("enabled");

    expect(await companyRow(other.company.id)).toEqual(before);
  });

  it("refuses an ordinary user, an unknown key and a value the key does not accept", async () => {
    const team = await buildTeam(server.app, db());
    const denied = await put("userRating", "enabled", team.userSession);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe("ERR_NO_PERMISSION");

    for (const key of ["nothing", "hoursCloseTicketsAuto", "companyId", "__proto__", "constructor"]) {
      const res = await put(key, "enabled", team.adminSession);
      expect(res.statusCode, key).toBe(404);
      expect(res.json().error).toBe("ERR_NO_SETTING_FOUND");
    }

    for (const [key, value] of [
      ["userRating", "yes"],
      ["userRating", true],
      ["userRating", null],
      ["scheduleType", "weekly"],
      ["chatBotType", "list"],
      ["enableLGPD", "Enabled"],
      ["transferMessage", "x".repeat(4097)],
      ["lgpdLink", "x".repeat(2049)],
    ] as const) {
      const res = await put(key, value, team.adminSession);
      expect(res.statusCode, `${key}=${String(value).slice(0, 10)}`).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field: "value" });
    }
    expect(await companyRow(team.company.id)).toMatchObject({
      userRating: "disabled",
      scheduleType: "disabled",
      chatBotType: "text",
      transferMessage: null,
    });
  });

  it("message keys are free text, trimmed, bounded; an empty one is stored as null", async () => {
    const team = await buildTeam(server.app, db());
    const saved = await put("lgpdMessage", "  Aceita nossos termos?  ", team.adminSession);
    expect(saved.json()).toEqual({ key: "lgpdMessage", value: "Aceita nossos termos?" });
    expect((await put("lgpdLink", "https://example.com/privacidade", team.adminSession)).statusCode).toBe(
      200,
    );
    expect((await put("transferMessage", "x".repeat(4096), team.adminSession)).statusCode).toBe(200);
    const cleared = await put("lgpdMessage", "", team.adminSession);
    expect(cleared.json()).toEqual({ key: "lgpdMessage", value: null });
    expect(await companyRow(team.company.id)).toMatchObject({
      lgpdMessage: null,
      lgpdLink: "https://example.com/privacidade",
    });
  });

  it("downloadLimit and userCreation are for super users: downloadLimit per company, userCreation on the platform", async () => {
    const team = await superTeam();
    for (const [key, value] of [
      ["downloadLimit", "256"],
      ["userCreation", "disabled"],
      ["allowSignup", "disabled"],
      ["appName", "Atende"],
    ] as const) {
      const res = await put(key, value, team.adminSession);
      expect(res.statusCode, key).toBe(403);
      expect(res.json().error).toBe("ERR_NO_PERMISSION");
    }

    for (const value of ["32", "2048", 512]) {
      const res = await put("downloadLimit", value, team.superSession);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ key: "downloadLimit", value: String(value) });
    }
    for (const value of ["16", "100", "4096", 64.5])
      expect((await put("downloadLimit", value, team.superSession)).statusCode, String(value)).toBe(400);
    const [row] = await db()
      .select()
      .from(settings)
      .where(eq(settings.companyId, team.company.id))
      .orderBy(settings.key);
    expect(row).toMatchObject({ key: "downloadLimit", value: "512" });

    const creation = await put("userCreation", "disabled", team.superSession);
    expect(creation.json()).toEqual({ key: "userCreation", value: "disabled" });
    const [platform] = await db()
      .select()
      .from(settings)
      .where(sql`${settings.companyId} = ${LIMITS.platformCompanyId} AND ${settings.key} = 'userCreation'`);
    expect(platform?.value).toBe("disabled");
    const list = (await call("GET", "/settings", team.adminSession)).json() as {
      key: string;
      value: string;
    }[];
    expect(list).toContainEqual({ key: "userCreation", value: "disabled" });
    expect((await put("userCreation", "enabled", team.superSession)).statusCode).toBe(200);
  });

  it("whitelabel values: colours and file names are checked", async () => {
    const team = await superTeam();
    expect((await put("primaryColorLight", "#0a0B0c", team.superSession)).statusCode).toBe(200);
    expect((await put("primaryColorDark", "red", team.superSession)).statusCode).toBe(400);
    expect((await put("appLogoLight", "logo-light.png", team.superSession)).statusCode).toBe(200);
    expect((await put("appLogoDark", "../../etc/passwd", team.superSession)).statusCode).toBe(400);
    expect((await put("appName", "x".repeat(51), team.superSession)).statusCode).toBe(400);
  });
});

describe("spec 2 section 5: a flag and its message", () => {
  const rules = [
    { flag: "sendMsgTransfTicket", on: "enabled", off: "disabled", message: "transferMessage" },
    { flag: "sendGreetingAccepted", on: "enabled", off: "disabled", message: "greetingAcceptedMessage" },
    { flag: "sendQueuePosition", on: "enabled", off: "disabled", message: "sendQueuePositionMessage" },
    { flag: "acceptCallWhatsapp", on: "disabled", off: "enabled", message: "AcceptCallWhatsappMessage" },
  ] as const;

  it.each(rules)(
    "$flag = $on needs $message: refused first, accepted once the message is saved",
    async (rule) => {
      const team = await buildTeam(server.app, db());
      const refused = await put(rule.flag, rule.on, team.adminSession);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: "ERR_SETTING_MESSAGE_REQUIRED", field: rule.message });
      expect((await call("GET", `/setting/${rule.flag}`, team.adminSession)).json().value).toBe(rule.off);

      // A blank message is no message.
      expect((await put(rule.message, "   ", team.adminSession)).statusCode).toBe(200);
      expect((await put(rule.flag, rule.on, team.adminSession)).statusCode).toBe(400);

      expect((await put(rule.message, "Olá {{name}}", team.adminSession)).statusCode).toBe(200);
      const accepted = await put(rule.flag, rule.on, team.adminSession);
      expect(accepted.statusCode).toBe(200);

      // While the flag asks for it, the message cannot be cleared.
      const cleared = await put(rule.message, "", team.adminSession);
      expect(cleared.statusCode).toBe(400);
      expect(cleared.json()).toMatchObject({ error: "ERR_SETTING_MESSAGE_REQUIRED", field: rule.message });
      expect((await call("GET", `/setting/${rule.message}`, team.adminSession)).json().value).toBe(
        "Olá {{name}}",
      );

      // Flag off first, then the message may go.
      expect((await put(rule.flag, rule.off, team.adminSession)).statusCode).toBe(200);
      expect((await put(rule.message, "", team.adminSession)).statusCode).toBe(200);
    },
  );

  it("a broken pair left by older data does not block other settings", async () => {
    const team = await buildTeam(server.app, db());
    await db()
      .update(companySettings)
      .set({ sendMsgTransfTicket: "enabled", transferMessage: null })
      .where(eq(companySettings.companyId, team.company.id));
    expect((await put("userRating", "enabled", team.adminSession)).statusCode).toBe(200);
    expect((await put("closeTicketOnTransfer", "enabled", team.adminSession)).statusCode).toBe(200);
    // Switching the flag off is always allowed.
    expect((await put("sendMsgTransfTicket", "disabled", team.adminSession)).statusCode).toBe(200);
  });
});

describe("PUT /companySettings { column, data }", () => {
  it("changes a setting as the Whaticket family sends it, with the same rules", async () => {
    const team = await buildTeam(server.app, db());
    const res = await call("PUT", "/companySettings", team.adminSession, {
      column: "requiredTag",
      data: "enabled",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: "requiredTag", value: "enabled" });
    expect((await companyRow(team.company.id))?.requiredTag).toBe("enabled");

    const rule = await call("PUT", "/companySettings", team.adminSession, {
      column: "sendGreetingAccepted",
      data: "enabled",
    });
    expect(rule.json()).toMatchObject({
      error: "ERR_SETTING_MESSAGE_REQUIRED",
      field: "greetingAcceptedMessage",
    });
    const invalid = await call("PUT", "/companySettings", team.adminSession, {
      column: "userRandom",
      data: "on",
    });
    expect(invalid.statusCode).toBe(400);
    const unknown = await call("PUT", "/companySettings", team.adminSession, {
      column: "companyId",
      data: 2,
    });
    expect(unknown.statusCode).toBe(404);
    const user = await call("PUT", "/companySettings", team.userSession, {
      column: "requiredTag",
      data: "disabled",
    });
    expect(user.statusCode).toBe(403);
    const superOnly = await call("PUT", "/companySettings", team.adminSession, {
      column: "downloadLimit",
      data: 64,
    });
    expect(superOnly.statusCode).toBe(403);
  });
});

describe("live: a change reaches the company's open tabs", () => {
  it("emits company-{id}-settings { action: update, setting } to the company only", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const mine = await clients.hearingAll(team.userSession.token);
    const theirs = await clients.hearingAll(other.userSession.token);

    await put("showNotificationPending", "enabled", team.adminSession);
    const event = `company-${team.company.id}-settings`;
    await until(() => mine.events.some((e) => e.name === event), event);
    expect(mine.events.find((e) => e.name === event)?.payload).toEqual({
      action: "update",
      setting: { key: "showNotificationPending", value: "enabled" },
    });

    // The other company's own change arrives after ours would have: it heard only its own.
    await put("showNotificationPending", "enabled", other.adminSession);
    const otherEvent = `company-${other.company.id}-settings`;
    await until(() => theirs.events.some((e) => e.name === otherEvent), otherEvent);
    expect(theirs.events.map((e) => e.name)).not.toContain(event);
  });

  it("a refused change emits nothing", async () => {
    const team = await buildTeam(server.app, db());
    const mine = await clients.hearingAll(team.adminSession.token);
    await put("sendQueuePosition", "enabled", team.adminSession);
    await put("requiredTag", "enabled", team.adminSession);
    const event = `company-${team.company.id}-settings`;
    await until(() => mine.events.some((e) => e.name === event), event);
    expect(mine.events.filter((e) => e.name === event).map((e) => e.payload)).toEqual([
      { action: "update", setting: { key: "requiredTag", value: "enabled" } },
    ]);
  });

  it("enabling LGPD number hiding applies at once (the number-privacy cache is told)", async () => {
    const team = await buildTeam(server.app, db());
    const cid = team.company.id;
    expect(await server.numbers.hides(cid)).toBe(false);
    await put("enableLGPD", "enabled", team.adminSession);
    await put("lgpdHideNumber", "enabled", team.adminSession);
    expect(await server.numbers.hides(cid)).toBe(true);
    await put("lgpdHideNumber", "disabled", team.adminSession);
    expect(await server.numbers.hides(cid)).toBe(false);
  });
});

describe("GET /public-settings/{key}", () => {
  it("answers the platform's public keys without a session, the token accepted and ignored", async () => {
    const team = await superTeam();
    expect((await put("allowSignup", "enabled", team.superSession)).statusCode).toBe(200);
    expect((await put("appName", "Atende Já", team.superSession)).statusCode).toBe(200);
    const signup = await call("GET", "/public-settings/allowSignup");
    expect(signup.statusCode).toBe(200);
    expect(signup.json()).toBe("enabled");
    expect((await call("GET", "/public-settings/appName?token=wtV")).json()).toBe("Atende Já");
    expect((await call("GET", "/public-settings/appName?token=anything")).json()).toBe("Atende Já");
    await db()
      .delete(settings)
      .where(sql`${settings.companyId} = ${LIMITS.platformCompanyId} AND ${settings.key} = 'appLogoFavicon'`);
    const unset = await call("GET", "/public-settings/appLogoFavicon");
    expect(unset.statusCode).toBe(200);
    expect(unset.json()).toBeNull();
  });

  it("answers 404 for every key outside the allow-list", async () => {
    const team = await buildTeam(server.app, db());
    await db()
      .insert(settings)
      .values({ companyId: LIMITS.platformCompanyId, key: "secretKey", value: "s" })
      .onConflictDoNothing();
    for (const key of [
      "userCreation",
      "downloadLimit",
      "enableLGPD",
      "transferMessage",
      "secretKey",
      "nothing",
    ]) {
      const res = await call("GET", `/public-settings/${key}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json().error).toBe("ERR_NOT_FOUND");
      // Signed in changes nothing: it is not a way round GET /setting/{key}.
      expect((await call("GET", `/public-settings/${key}`, team.userSession)).statusCode).toBe(404);
    }
  });
});

describe("company business hours (schedules tab)", () => {
  const week = [
    {
      weekday: "Segunda-feira",
      weekdayEn: "monday",
      startTimeA: "08:00",
      endTimeA: "12:00",
      startTimeB: "13:00",
      endTimeB: "18:00",
    },
    {
      weekday: "Sábado",
      weekdayEn: "saturday",
      startTimeA: "09:00",
      endTimeA: "13:00",
      startTimeB: "",
      endTimeB: "",
    },
    { weekday: "Domingo", weekdayEn: "sunday", startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" },
  ];

  it("GET /companies/{id} answers the own company's hours (empty at first); another company's is not found", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const res = await call("GET", `/companies/${team.company.id}`, team.userSession);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: team.company.id, schedules: [] });
    expect((await call("GET", `/companies/${other.company.id}`, team.adminSession)).statusCode).toBe(404);
  });

  it("PUT /companies/{id}/schedules stores the week for an admin, announces it, and touches no other company", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const mine = await clients.hearingAll(team.userSession.token);
    const res = await call("PUT", `/companies/${team.company.id}/schedules`, team.adminSession, {
      schedules: week,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().schedules).toEqual(week);
    const [stored] = await db().select().from(companies).where(eq(companies.id, team.company.id));
    expect(stored?.schedules).toEqual(week);
    const event = `company-${team.company.id}-settings`;
    await until(() => mine.events.some((e) => e.name === event), event);
    expect(mine.events.find((e) => e.name === event)?.payload).toEqual({ action: "update", schedules: week });

    const foreign = await call("PUT", `/companies/${other.company.id}/schedules`, team.adminSession, {
      schedules: week,
    });
    expect(foreign.statusCode).toBe(404);
    const [untouched] = await db().select().from(companies).where(eq(companies.id, other.company.id));
    expect(untouched?.schedules).toEqual([]);
    const denied = await call("PUT", `/companies/${team.company.id}/schedules`, team.userSession, {
      schedules: [],
    });
    expect(denied.statusCode).toBe(403);
  });

  it("refuses times that are not HH:MM, half shifts, shifts that end before they start and a weekday twice", async () => {
    const team = await buildTeam(server.app, db());
    const day = week[0]!;
    for (const schedules of [
      [{ ...day, startTimeA: "8:00" }],
      [{ ...day, endTimeB: "24:00" }],
      [{ ...day, startTimeB: "", endTimeB: "18:00" }],
      [{ ...day, startTimeA: "12:00", endTimeA: "08:00" }],
      [day, day],
      [{ ...day, weekdayEn: "someday" }],
    ]) {
      const res = await call("PUT", `/companies/${team.company.id}/schedules`, team.adminSession, {
        schedules,
      });
      expect(res.statusCode, JSON.stringify(schedules)).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
  });
});

describe("documentation", () => {
  it("docs/SETTINGS.md and the OpenAPI description of PUT /settings/{key} name every key", () => {
    const doc = readFileSync(join(REPO_ROOT, "docs/SETTINGS.md"), "utf8");
    // The OpenAPI document is built from the route schemas' descriptions.
    const route = server.app.routeList.find((r) => r.method === "PUT" && r.url === "/settings/:key");
    const description = (route?.schema as { description?: string } | undefined)?.description ?? "";
    for (const key of Object.keys(SETTING_DEFINITIONS)) {
      expect(doc, key).toContain(`\`${key}\``);
      expect(description, key).toContain(`**${key}**`);
    }
  });
});
