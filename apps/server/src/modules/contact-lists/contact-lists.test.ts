import type { ContactListItemDto, ContactListRecord } from "@inbox/shared";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { contactListItems, contactLists } from "../../db/schema/index.js";

/** Contact lists and their items through the API (spec 3 sections 2 to 7), on a real database. */

let server: TestServer;
/** Live events by company and topic (the realtime emit is recorded, then made as usual). */
const events: { companyId: number; topic: string; payload: unknown }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  // Companies here show numbers, so the numbers-aware emit ends in toCompany too.
  const emit = server.realtime.toCompany.bind(server.realtime);
  server.realtime.toCompany = (companyId, topic, payload) => {
    events.push({ companyId, topic, payload });
    emit(companyId, topic, payload);
  };
});
afterAll(() => server.close());

const db = () => server.database.db;
const team = () => buildTeam(server.app, db());
const request = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: object,
  payload?: unknown,
) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });

async function newList(headers: object, name = unique("Lista")) {
  const res = await request("POST", "/contact-lists", headers, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ContactListRecord;
}

async function newItem(headers: object, contactListId: number, values: Record<string, unknown> = {}) {
  const res = await request("POST", "/contact-list-items", headers, {
    name: "Maria Silva",
    number: "+55 (11) 98888-7777",
    email: "maria@example.com",
    contactListId,
    ...values,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ContactListItemDto;
}

describe("contact lists", () => {
  it("create, show, rename, list with search and count, delete; each change is announced", async () => {
    const { adminSession, company } = await team();
    const h = adminSession.headers;
    const list = await newList(h, "Clientes VIP");
    expect(list).toMatchObject({ name: "Clientes VIP", contactsCount: 0, companyId: company.id });
    await newList(h, "Fornecedores");
    await newItem(h, list.id);

    const shown = await request("GET", `/contact-lists/${list.id}`, h);
    expect(shown.json()).toMatchObject({ id: list.id, contactsCount: 1 });

    const page = await request("GET", "/contact-lists?searchParam=vip&pageNumber=1", h);
    expect(page.json()).toMatchObject({
      count: 1,
      hasMore: false,
      records: [{ id: list.id, contactsCount: 1 }],
    });

    const renamed = await request("PUT", `/contact-lists/${list.id}`, h, { name: "Clientes Ouro" });
    expect(renamed.json()).toMatchObject({ name: "Clientes Ouro" });

    const picker = await request("GET", `/contact-lists/list?companyId=${company.id}`, h);
    expect((picker.json() as ContactListRecord[]).map((l) => l.name)).toEqual([
      "Clientes Ouro",
      "Fornecedores",
    ]);

    expect((await request("DELETE", `/contact-lists/${list.id}`, h)).statusCode).toBe(200);
    expect(await db().select().from(contactLists).where(eq(contactLists.id, list.id))).toEqual([]);
    // Its items went with it.
    expect(
      await db().select().from(contactListItems).where(eq(contactListItems.contactListId, list.id)),
    ).toEqual([]);

    const mine = events.filter((e) => e.companyId === company.id && e.topic === "ContactList");
    expect(mine.map((e) => (e.payload as { action: string }).action)).toEqual(
      expect.arrayContaining(["create", "update", "delete"]),
    );
    expect(mine.at(-1)?.payload).toEqual({ action: "delete", id: list.id });
  });

  it("pages of 20 by name show each list once", async () => {
    const { adminSession } = await team();
    const h = adminSession.headers;
    // Same names: the id breaks the tie, so no page repeats or skips one.
    for (let i = 0; i < 25; i++) await newList(h, `Lista ${i % 3}`);
    const first = (await request("GET", "/contact-lists?pageNumber=1", h)).json();
    const second = (await request("GET", "/contact-lists?pageNumber=2", h)).json();
    expect(first).toMatchObject({ count: 25, hasMore: true });
    expect(second).toMatchObject({ count: 25, hasMore: false });
    const ids = [...first.records, ...second.records].map((l: ContactListRecord) => l.id);
    expect(new Set(ids).size).toBe(25);
  });

  it("answers the spec's messages: name required, 2 to 50", async () => {
    const { adminSession } = await team();
    for (const [body, message] of [
      [{}, "Required"],
      [{ name: "  " }, "Required"],
      [{ name: "A" }, "Too Short!"],
      [{ name: "x".repeat(51) }, "Too Long!"],
    ] as const) {
      const res = await request("POST", "/contact-lists", adminSession.headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field: "name", message });
    }
  });

  it("a user with profile user lists lists but not items, and only admins delete", async () => {
    const { adminSession, userSession } = await team();
    const list = await newList(adminSession.headers);
    const item = await newItem(adminSession.headers, list.id);
    const u = userSession.headers;
    expect((await request("GET", "/contact-lists", u)).statusCode).toBe(200);
    expect((await request("POST", "/contact-lists", u, { name: "Minha lista" })).statusCode).toBe(201);
    for (const [method, url] of [
      ["GET", `/contact-list-items?contactListId=${list.id}`],
      ["GET", `/contact-list-items/${item.id}`],
      ["DELETE", `/contact-list-items/${item.id}`],
      ["DELETE", `/contact-lists/${list.id}`],
    ] as const) {
      const res = await request(method, url, u);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    }
  });
});

describe("contact list items", () => {
  it("create keeps the number as ingest stores it; show, update, search, delete; events and count", async () => {
    const { adminSession, company } = await team();
    const h = adminSession.headers;
    const list = await newList(h);
    // A Brazilian mobile without its ninth digit is stored with it (ingest's normalizePhone).
    const item = await newItem(h, list.id, { number: "+55 11 8888-7777", name: "Ana" });
    expect(item).toMatchObject({
      name: "Ana",
      number: "5511988887777",
      email: "maria@example.com",
      // No WhatsApp session of the company could check it.
      isWhatsappValid: null,
      contactListId: list.id,
      companyId: company.id,
    });
    await newItem(h, list.id, { number: "5521977776666", name: "Bruno", email: "" });

    const page = (
      await request("GET", `/contact-list-items?contactListId=${list.id}&searchParam=ana`, h)
    ).json();
    expect(page).toMatchObject({ count: 1, hasMore: false, contacts: [{ id: item.id }] });
    const byNumber = (
      await request("GET", `/contact-list-items?contactListId=${list.id}&searchParam=2197777`, h)
    ).json();
    expect(byNumber.contacts.map((c: ContactListItemDto) => c.name)).toEqual(["Bruno"]);

    const updated = await request("PUT", `/contact-list-items/${item.id}`, h, {
      name: "Ana Paula",
      number: "5511988887777",
      email: "ANA@example.com",
      contactListId: list.id,
    });
    expect(updated.json()).toMatchObject({ name: "Ana Paula", email: "ana@example.com" });
    expect((await request("GET", `/contact-list-items/${item.id}`, h)).json()).toMatchObject({
      name: "Ana Paula",
    });

    expect((await request("DELETE", `/contact-list-items/${item.id}`, h)).statusCode).toBe(200);
    expect((await request("GET", `/contact-list-items/${item.id}`, h)).statusCode).toBe(404);
    expect((await request("GET", `/contact-lists/${list.id}`, h)).json()).toMatchObject({ contactsCount: 1 });

    const itemEvents = events.filter((e) => e.companyId === company.id && e.topic === "ContactListItem");
    expect(itemEvents.map((e) => (e.payload as { action: string }).action)).toEqual([
      "create",
      "create",
      "update",
      "delete",
    ]);
    // The list's count follows live.
    const counts = events.filter((e) => e.companyId === company.id && e.topic === "ContactList");
    expect(counts.at(-1)?.payload).toMatchObject({ record: { contactsCount: 1 } });
  });

  it("one number once per list: the same person written another way is refused", async () => {
    const { adminSession } = await team();
    const h = adminSession.headers;
    const list = await newList(h);
    const other = await newList(h);
    await newItem(h, list.id, { number: "5511988887777" });
    const again = await request("POST", "/contact-list-items", h, {
      name: "Outra Pessoa",
      number: "(11) 8888-7777".replace("(11)", "+55 11"),
      contactListId: list.id,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: "ERR_DUPLICATED_CONTACT", field: "number" });
    // Another list may hold it.
    await newItem(h, other.id, { number: "5511988887777" });
  });

  it("answers the spec's messages: name 2 to 50, number 8 to 50, valid email, a list", async () => {
    const { adminSession } = await team();
    const list = await newList(adminSession.headers);
    const base = { name: "Maria", number: "5511988887777", email: "", contactListId: list.id };
    for (const [change, field, message] of [
      [{ name: "" }, "name", "Required"],
      [{ name: "M" }, "name", "Too Short!"],
      [{ name: "m".repeat(51) }, "name", "Too Long!"],
      [{ number: "" }, "number", "Required"],
      [{ number: "1234-567" }, "number", "Too Short!"],
      [{ number: "1".repeat(51) }, "number", "Too Long!"],
      [{ email: "not-an-email" }, "email", "Invalid email"],
    ] as const) {
      const res = await request("POST", "/contact-list-items", adminSession.headers, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field, message });
    }
  });

  it("tenant isolation: another company's list and items are not found and stay unchanged", async () => {
    const a = await team();
    const b = await team();
    const list = await newList(a.adminSession.headers, "Lista de A");
    const item = await newItem(a.adminSession.headers, list.id);
    const h = b.adminSession.headers;
    const before = await db().select().from(contactListItems).where(eq(contactListItems.id, item.id));
    for (const [method, url, body] of [
      ["GET", `/contact-lists/${list.id}`],
      ["PUT", `/contact-lists/${list.id}`, { name: "Tomada" }],
      ["DELETE", `/contact-lists/${list.id}`],
      ["GET", `/contact-list-items?contactListId=${list.id}`],
      ["GET", `/contact-list-items/${item.id}`],
      [
        "PUT",
        `/contact-list-items/${item.id}`,
        { name: "Tomada", number: "5511911112222", contactListId: list.id },
      ],
      ["DELETE", `/contact-list-items/${item.id}`],
      ["POST", "/contact-list-items", { name: "Intrusa", number: "5511911112222", contactListId: list.id }],
    ] as const) {
      const res = await request(method, url, h, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await db().select().from(contactListItems).where(eq(contactListItems.id, item.id))).toEqual(
      before,
    );
    expect((await request("GET", "/contact-lists", h)).json()).toMatchObject({ count: 0, records: [] });
    const [row] = await db().select().from(contactLists).where(eq(contactLists.id, list.id));
    expect(row?.name).toBe("Lista de A");
  });
});

describe("GET /contact-lists/example", () => {
  it("answers an .xlsx whose header row the import reads", async () => {
    const { adminSession } = await team();
    const res = await request("GET", "/contact-lists/example", adminSession.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("contact-list-example.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, "name", "number", "email"]);
    expect(sheet.rowCount).toBe(3);
  });
});
