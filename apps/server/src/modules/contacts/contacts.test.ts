import type { ContactDto, ContactList } from "@inbox/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  buildCompany,
  buildContact,
  buildTeam,
  buildTicket,
  buildUser,
  login,
  unique,
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { companySettings, contactCustomFields, contacts } from "../../db/schema/index.js";
import { LIST_COUNT_CAP } from "./repo.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const db = () => server.database.db;
/** A Brazilian mobile in the stored 13-digit form, different on every call. */
let seq = 0;
const brMobile = () =>
  `55119${String(Date.now() % 1e6).padStart(6, "0")}${String(seq++ % 100).padStart(2, "0")}`;

async function request(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: object,
  payload?: object,
) {
  return server.app.inject({ method, url, headers: headers as Record<string, string>, payload });
}

describe("creating contacts", () => {
  it("saves the contact with its extra info, normalises the number and tells the company", async () => {
    const team = await buildTeam(server.app, db());
    const emit = vi.spyOn(server.realtime, "toCompany");
    const res = await request("POST", "/contacts", team.userSession.headers, {
      name: "Ana Lima",
      number: "+55 (11) 9 8765-4321",
      email: "Ana@Example.com",
      disableBot: true,
      extraInfo: [
        { name: "CPF", value: "123" },
        { name: "Plano", value: "ouro" },
      ],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as ContactDto;
    expect(body).toMatchObject({
      name: "Ana Lima",
      number: "5511987654321",
      email: "ana@example.com",
      disableBot: true,
      acceptAudioMessage: true,
      active: true,
      channel: "whatsapp",
      companyId: team.company.id,
      tags: [],
    });
    expect(body.extraInfo.map((e) => [e.name, e.value])).toEqual([
      ["CPF", "123"],
      ["Plano", "ouro"],
    ]);
    expect(emit).toHaveBeenCalledWith(team.company.id, "contact", {
      action: "create",
      contact: expect.objectContaining({ id: body.id }),
    });
  });

  it("answers the spec's validation messages", async () => {
    const team = await buildTeam(server.app, db());
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "A" }, "name", "Too Short!"],
      [{ name: "" }, "name", "Required"],
      [{ name: undefined }, "name", "Required"],
      [{ name: "x".repeat(251) }, "name", "Too Long!"],
      [{ number: "1234567" }, "number", "Too Short!"],
      [{ number: "9".repeat(51) }, "number", "Too Long!"],
      [{ number: undefined }, "number", "Required"],
      [{ email: "not-an-email" }, "email", "Invalid email"],
    ];
    for (const [override, field, message] of cases) {
      const res = await request("POST", "/contacts", team.userSession.headers, {
        name: "Bruno",
        number: brMobile(),
        ...override,
      });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json(), JSON.stringify(override)).toMatchObject({ error: "ERR_VALIDATION", field, message });
    }
  });

  it("refuses a number the company already has, however it is typed (with or without Brazil's ninth digit)", async () => {
    const team = await buildTeam(server.app, db());
    const first = await request("POST", "/contacts", team.userSession.headers, {
      name: "Carla",
      number: "5511987650000",
    });
    expect(first.statusCode).toBe(201);
    for (const number of ["5511987650000", "+55 11 98765-0000", "551187650000"]) {
      const again = await request("POST", "/contacts", team.adminSession.headers, {
        name: "Carla 2",
        number,
      });
      expect(again.statusCode, number).toBe(400);
      expect(again.json()).toMatchObject({ error: "ERR_DUPLICATED_CONTACT", field: "number" });
    }
    // Another company may have the same number.
    const other = await buildTeam(server.app, db());
    const elsewhere = await request("POST", "/contacts", other.userSession.headers, {
      name: "Carla",
      number: "5511987650000",
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("two creates of one number at once store one contact", async () => {
    const team = await buildTeam(server.app, db());
    const number = brMobile();
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        request("POST", "/contacts", team.userSession.headers, { name: `Dup ${i}`, number }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
    const rows = await db().select().from(contacts).where(eq(contacts.number, number));
    expect(rows.filter((r) => r.companyId === team.company.id)).toHaveLength(1);
  });
});

describe("listing contacts", () => {
  it("pages by name, each contact exactly once, with count and hasMore", async () => {
    const team = await buildTeam(server.app, db());
    const names = Array.from({ length: 85 }, (_, i) => `Paged ${String(i % 7)}`); // ties on name: id breaks them
    for (const name of names) await buildContact(db(), team.company.id, { name });
    const seen: number[] = [];
    const pages: ContactList[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await request("GET", `/contacts?pageNumber=${page}`, team.userSession.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json() as ContactList;
      pages.push(body);
      seen.push(...body.contacts.map((c) => c.id));
    }
    expect(pages.map((p) => [p.contacts.length, p.hasMore, p.count])).toEqual([
      [40, true, 85],
      [40, true, 85],
      [5, false, 85],
    ]);
    expect(new Set(seen).size).toBe(85);
    const ordered = pages.flatMap((p) => p.contacts.map((c) => c.name));
    expect(ordered).toEqual([...ordered].sort());
  });

  it("counts up to LIST_COUNT_CAP and pages on with hasMore; a page past the end keeps the count", async () => {
    const team = await buildTeam(server.app, db());
    const companyId = team.company.id;
    await db().execute(sql`INSERT INTO contacts (company_id, name, number, channel)
      SELECT ${companyId}::int, 'Muitos ' || g, (5511980000000 + g)::text, 'whatsapp'
      FROM generate_series(1, ${LIST_COUNT_CAP + 5}) g`);
    const first = (
      await request("GET", "/contacts?pageNumber=1", team.userSession.headers)
    ).json() as ContactList;
    expect([first.contacts.length, first.count, first.hasMore]).toEqual([40, LIST_COUNT_CAP, true]);
    const last = Math.ceil((LIST_COUNT_CAP + 5) / 40);
    const end = (
      await request("GET", `/contacts?pageNumber=${last}`, team.userSession.headers)
    ).json() as ContactList;
    expect([end.contacts.length, end.hasMore]).toEqual([(LIST_COUNT_CAP + 5) % 40, false]);
    const past = (
      await request("GET", `/contacts?pageNumber=${last + 1}`, team.userSession.headers)
    ).json() as ContactList;
    expect([past.contacts.length, past.count, past.hasMore]).toEqual([0, LIST_COUNT_CAP, false]);
    // A search under the cap is counted exactly.
    const some = (
      await request("GET", "/contacts?searchParam=Muitos%20999", team.userSession.headers)
    ).json() as ContactList;
    expect(some.count).toBe(11); // 999 and 9990 to 9999
  });

  it("searches name and number case-insensitively and filters channel and groups", async () => {
    const team = await buildTeam(server.app, db());
    const a = await buildContact(db(), team.company.id, { name: "Mariana Alves", number: "5521911112222" });
    const b = await buildContact(db(), team.company.id, { name: "Outro", number: "5521933334444" });
    const g = await buildContact(db(), team.company.id, {
      name: "Grupo Mariana",
      number: "1203630001",
      isGroup: true,
    });
    const f = await buildContact(db(), team.company.id, {
      name: "Mariana FB",
      number: "9988776655",
      channel: "facebook",
    });
    const ids = async (query: string) =>
      ((await request("GET", `/contacts?${query}`, team.userSession.headers)).json() as ContactList).contacts
        .map((c) => c.id)
        .sort((x, y) => x - y);
    expect(await ids("searchParam=MARIANA")).toEqual([a.id, g.id, f.id].sort((x, y) => x - y));
    expect(await ids("searchParam=33334")).toEqual([b.id]);
    expect(await ids("searchParam=mariana&isGroup=true")).toEqual([g.id]);
    expect(await ids("searchParam=mariana&isGroup=false&channel=whatsapp")).toEqual([a.id]);
    expect(await ids("channel=facebook")).toEqual([f.id]);
    expect(await ids("searchParam=%25")).toEqual([]);
    const bad = await request("GET", "/contacts?isGroup=maybe", team.userSession.headers);
    expect(bad.statusCode).toBe(400);
  });

  it("GET /contacts/list gives every contact of the company for pickers, and only of that company", async () => {
    const team = await buildTeam(server.app, db());
    const mine = await buildContact(db(), team.company.id, { name: "Picker Zed" });
    const other = await buildCompany(db());
    const theirs = await buildContact(db(), other.id, { name: "Picker Zed" });
    const res = await request("GET", "/contacts/list?searchParam=picker", team.userSession.headers);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: number }[]).map((c) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });
});

describe("one contact", () => {
  it("shows a contact with extra info and tags; another company's is not found", async () => {
    const team = await buildTeam(server.app, db());
    const contact = await buildContact(db(), team.company.id);
    await db()
      .insert(contactCustomFields)
      .values({ companyId: team.company.id, contactId: contact.id, name: "k", value: "v" });
    const res = await request("GET", `/contacts/${contact.id}`, team.userSession.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: contact.id, extraInfo: [{ name: "k", value: "v" }], tags: [] });

    const other = await buildTeam(server.app, db());
    const foreign = await request("GET", `/contacts/${contact.id}`, other.adminSession.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("ERR_NO_CONTACT_FOUND");
  });

  it("GET /contacts/profile/{number} finds the WhatsApp contact by its normalised number", async () => {
    const team = await buildTeam(server.app, db());
    const contact = await buildContact(db(), team.company.id, { number: "5511976543210" });
    for (const typed of ["5511976543210", "551176543210", "+55 (11) 97654-3210"]) {
      const res = await request(
        "GET",
        `/contacts/profile/${encodeURIComponent(typed)}`,
        team.userSession.headers,
      );
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().id).toBe(contact.id);
    }
    const missing = await request("GET", "/contacts/profile/5511900000001", team.userSession.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("ERR_NO_CONTACT_FOUND");
  });

  it("updates fields and replaces the extra info list (kept entries keep their ids)", async () => {
    const team = await buildTeam(server.app, db());
    const created = (
      await request("POST", "/contacts", team.userSession.headers, {
        name: "Dora",
        number: brMobile(),
        extraInfo: [
          { name: "a", value: "1" },
          { name: "b", value: "2" },
        ],
      })
    ).json() as ContactDto;
    const [a] = created.extraInfo;
    const emit = vi.spyOn(server.realtime, "toCompany");
    const res = await request("PUT", `/contacts/${created.id}`, team.userSession.headers, {
      name: "Dora Reis",
      email: "dora@example.com",
      extraInfo: [
        { id: a!.id, name: "a", value: "one" },
        { name: "c", value: "3" },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ContactDto;
    expect(body).toMatchObject({ name: "Dora Reis", email: "dora@example.com", number: created.number });
    expect(body.extraInfo.map((e) => [e.name, e.value])).toEqual([
      ["a", "one"],
      ["c", "3"],
    ]);
    expect(body.extraInfo[0]!.id).toBe(a!.id);
    expect(emit).toHaveBeenCalledWith(team.company.id, "contact", {
      action: "update",
      contact: expect.objectContaining({ name: "Dora Reis" }),
    });

    const untouched = await request("PUT", `/contacts/${created.id}`, team.userSession.headers, {
      name: "Dora R",
    });
    expect((untouched.json() as ContactDto).extraInfo).toHaveLength(2);
  });

  it("refuses to move a contact onto another contact's number", async () => {
    const team = await buildTeam(server.app, db());
    const taken = await buildContact(db(), team.company.id, { number: brMobile() });
    const contact = await buildContact(db(), team.company.id, { number: brMobile() });
    const res = await request("PUT", `/contacts/${contact.id}`, team.userSession.headers, {
      number: taken.number,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_DUPLICATED_CONTACT");
  });

  it("blocks and unblocks, and toggles audio and bot", async () => {
    const team = await buildTeam(server.app, db());
    const contact = await buildContact(db(), team.company.id);
    const blocked = await request("PUT", `/contacts/block/${contact.id}`, team.userSession.headers, {
      active: false,
    });
    expect(blocked.json()).toMatchObject({ active: false });
    const unblocked = await request("PUT", `/contacts/block/${contact.id}`, team.userSession.headers, {
      active: true,
    });
    expect(unblocked.json()).toMatchObject({ active: true });
    const noBody = await request("PUT", `/contacts/block/${contact.id}`, team.userSession.headers, {});
    expect(noBody.statusCode).toBe(400);

    const audio = await request("PUT", `/contacts/toggleAcceptAudio/${contact.id}`, team.userSession.headers);
    expect(audio.json()).toMatchObject({ acceptAudioMessage: false });
    const audioBack = await request(
      "PUT",
      `/contacts/toggleAcceptAudio/${contact.id}`,
      team.userSession.headers,
    );
    expect(audioBack.json()).toMatchObject({ acceptAudioMessage: true });
    const bot = await request("PUT", `/contacts/toggleDisableBot/${contact.id}`, team.userSession.headers);
    expect(bot.json()).toMatchObject({ disableBot: true });
  });

  it("only an admin deletes a contact", async () => {
    const team = await buildTeam(server.app, db());
    const contact = await buildContact(db(), team.company.id);
    const byUser = await request("DELETE", `/contacts/${contact.id}`, team.userSession.headers);
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json().error).toBe("ERR_NO_PERMISSION");
    const ticket = await buildTicket(db(), team.company.id, { contactId: contact.id, status: "pending" });
    const emit = vi.spyOn(server.realtime, "toCompany");
    const toRooms = vi.spyOn(server.realtime, "toRooms");
    const byAdmin = await request("DELETE", `/contacts/${contact.id}`, team.adminSession.headers);
    expect(byAdmin.statusCode).toBe(200);
    expect(emit).toHaveBeenCalledWith(team.company.id, "contact", {
      action: "delete",
      contactId: contact.id,
    });
    // Its tickets went with it: the lists holding them hear the delete.
    expect(toRooms).toHaveBeenCalledWith(
      team.company.id,
      expect.any(Array),
      "ticket",
      expect.objectContaining({ action: "delete", ticketId: ticket.id }),
    );
    const again = await request("GET", `/contacts/${contact.id}`, team.adminSession.headers);
    expect(again.statusCode).toBe(404);
  });
});

describe("LGPD: hidden numbers", () => {
  it("ordinary users see masked numbers and cannot overwrite the number with the mask; admins see it whole", async () => {
    const team = await buildTeam(server.app, db());
    await db()
      .update(companySettings)
      .set({ enableLGPD: "enabled", lgpdHideNumber: "enabled" })
      .where(eq(companySettings.companyId, team.company.id));
    server.numbers.invalidate(team.company.id);
    const contact = await buildContact(db(), team.company.id, {
      name: unique("Lgpd"),
      number: "5511912345678",
    });

    const asUser = await request("GET", `/contacts/${contact.id}`, team.userSession.headers);
    expect(asUser.json().number).toBe("5511912**-**78");
    const listed = (await request("GET", "/contacts", team.userSession.headers)).json() as ContactList;
    expect(listed.contacts.find((c) => c.id === contact.id)?.number).toBe("5511912**-**78");
    const picker = (await request("GET", "/contacts/list", team.userSession.headers)).json() as ContactDto[];
    expect(picker.find((c) => c.id === contact.id)?.number).toBe("5511912**-**78");
    expect((await request("GET", `/contacts/${contact.id}`, team.adminSession.headers)).json().number).toBe(
      "5511912345678",
    );
    // Searching digits would reveal a masked number one guess at a time: such users search names only.
    const byDigits = (await request("GET", "/contacts?searchParam=912345", team.userSession.headers)).json();
    expect(byDigits.contacts).toEqual([]);
    const byDigitsAdmin = (
      await request("GET", "/contacts?searchParam=912345", team.adminSession.headers)
    ).json();
    expect(byDigitsAdmin.contacts.map((c: ContactDto) => c.id)).toEqual([contact.id]);

    const byNumbers = vi.spyOn(server.realtime, "toCompanyByNumbers");
    const toCompany = vi.spyOn(server.realtime, "toCompany");
    const edited = await request("PUT", `/contacts/${contact.id}`, team.userSession.headers, {
      name: "Renamed",
      number: "5511912**-**78",
    });
    expect(edited.statusCode).toBe(200);
    const [row] = await db().select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row).toMatchObject({ name: "Renamed", number: "5511912345678" });
    // The event has two payloads: the mask for ordinary users' sockets, the number for admins'
    // (src/privacy/lgpd-numbers.test.ts checks what each socket receives).
    expect(toCompany).not.toHaveBeenCalledWith(team.company.id, "contact", expect.anything());
    expect(byNumbers).toHaveBeenCalledWith(team.company.id, "contact", {
      whole: expect.objectContaining({ contact: expect.objectContaining({ number: "5511912345678" }) }),
      masked: expect.objectContaining({ contact: expect.objectContaining({ number: "5511912**-**78" }) }),
    });
  });

  it("without the setting, ordinary users see numbers whole", async () => {
    const team = await buildTeam(server.app, db());
    const contact = await buildContact(db(), team.company.id, { number: "5511955554444" });
    const res = await request("GET", `/contacts/${contact.id}`, team.userSession.headers);
    expect(res.json().number).toBe("5511955554444");
  });
});

describe("a user of another company", () => {
  it("cannot list, change, block or delete this company's contacts", async () => {
    const team = await buildTeam(server.app, db());
    const contact = await buildContact(db(), team.company.id, { name: unique("Private") });
    const intruderCompany = await buildCompany(db());
    const intruder = await login(
      server.app,
      (await buildUser(db(), intruderCompany.id, { profile: "admin" })).email,
    );
    const list = (
      await request("GET", `/contacts?searchParam=${contact.name}`, intruder.headers)
    ).json() as ContactList;
    expect(list.contacts).toEqual([]);
    for (const [method, url, body] of [
      ["PUT", `/contacts/${contact.id}`, { name: "Stolen" }],
      ["PUT", `/contacts/block/${contact.id}`, { active: false }],
      ["PUT", `/contacts/toggleDisableBot/${contact.id}`, {}],
      ["DELETE", `/contacts/${contact.id}`, undefined],
    ] as const) {
      const res = await request(method, url, intruder.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await db().select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row).toMatchObject({ name: contact.name, active: true, disableBot: false });
  });
});
