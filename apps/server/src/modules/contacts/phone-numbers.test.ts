import type { ContactDto, ContactListItemDto, ContactListRecord } from "@inbox/shared";
import { asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContact, buildTeam, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { eventually } from "../../../test/meta.js";
import { contactListItems, contacts } from "../../db/schema/index.js";

/**
 * Numbers people type are stored as E.164 digits (docs/PHONE-NUMBERS.md): read in the company's
 * phoneDefaultCountry (BR unless changed), international with '+' or 00, refused with 400
 * ERR_WAPP_INVALID_CONTACT when they cannot be a phone number. Contact routes, contact-list items and
 * the spreadsheet import (the Messages API: messages-api.test.ts).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
type Headers = Record<string, string>;

const request = (method: "GET" | "POST" | "PUT", url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url, headers, payload });

/** A team whose company reads national numbers in `country` (set as an admin sets it). */
async function teamIn(country?: string) {
  const team = await buildTeam(server.app, db());
  if (country) {
    const res = await request("PUT", "/settings/phoneDefaultCountry", team.adminSession.headers, {
      value: country,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return team;
}

const createContact = (headers: Headers, number: string) =>
  request("POST", "/contacts", headers, { name: unique("Pessoa"), number });

describe("contact routes", () => {
  it("store any common Brazilian format as E.164 digits with the default country (BR)", async () => {
    const { userSession } = await teamIn();
    const typed: [string, string][] = [
      ["(11) 98888-7701", "5511988887701"],
      ["11988887702", "5511988887702"],
      ["+55 11 98888-7703", "5511988887703"],
      ["0055 11 98888-7704", "5511988887704"],
      ["(11) 8888-7705", "5511988887705"],
      ["(11) 3333-7706", "551133337706"],
      ["+1 (415) 555-2671", "14155552671"],
      ["+351 912 345 678", "351912345678"],
    ];
    for (const [number, stored] of typed) {
      const res = await createContact(userSession.headers, number);
      expect(res.statusCode, `${number}: ${res.body}`).toBe(201);
      expect((res.json() as ContactDto).number, number).toBe(stored);
    }
    // '(11) 98888-7701' and '5511988887701' are one person.
    const again = await createContact(userSession.headers, "5511988887701");
    expect(again.json()).toMatchObject({ error: "ERR_DUPLICATED_CONTACT" });
  });

  it("read national numbers in the company's own country and still take international ones", async () => {
    const pt = await teamIn();
    // Read first in Brazil (the country is cached), then the admin picks Portugal: it applies at once.
    expect((await createContact(pt.userSession.headers, "(11) 98888-7713")).statusCode).toBe(201);
    const put = await request("PUT", "/settings/phoneDefaultCountry", pt.adminSession.headers, {
      value: "PT",
    });
    expect(put.json()).toEqual({ key: "phoneDefaultCountry", value: "PT" });
    const unknown = await request("PUT", "/settings/phoneDefaultCountry", pt.adminSession.headers, {
      value: "XX",
    });
    expect(unknown.json()).toMatchObject({ error: "ERR_VALIDATION", field: "value" });
    const national = await createContact(pt.userSession.headers, "912 345 670");
    expect(national.json().number).toBe("351912345670");
    const brazilian = await createContact(pt.userSession.headers, "+55 (11) 98888-7710");
    expect(brazilian.json().number).toBe("5511988887710");
    // Without '+' the Brazilian national form means nothing in Portugal.
    const refused = await createContact(pt.userSession.headers, "(11) 98888-7711");
    expect(refused.statusCode).toBe(400);

    const us = await teamIn("US");
    expect((await createContact(us.userSession.headers, "(415) 555-2672")).json().number).toBe("14155552672");
    // Another company's setting is not this one's.
    const br = await teamIn();
    expect((await createContact(br.userSession.headers, "(11) 98888-7712")).json().number).toBe(
      "5511988887712",
    );
  });

  it("answer 400 ERR_WAPP_INVALID_CONTACT on number for what cannot be a phone number", async () => {
    const { userSession } = await teamIn();
    for (const number of ["12345678", "(11) 98888-77777", "0000000000"]) {
      const res = await createContact(userSession.headers, number);
      expect(res.statusCode, number).toBe(400);
      expect(res.json(), number).toMatchObject({ error: "ERR_WAPP_INVALID_CONTACT", field: "number" });
    }
  });

  it("an edit stores the new number as E.164 and keeps a group's id or an unchanged number as it is", async () => {
    const { userSession, company } = await teamIn();
    const person = await buildContact(db(), company.id, { number: "5511988887720" });
    const moved = await request("PUT", `/contacts/${person.id}`, userSession.headers, {
      number: "(21) 98888-7721",
    });
    expect(moved.json().number).toBe("5521988887721");
    const bad = await request("PUT", `/contacts/${person.id}`, userSession.headers, { number: "123456789" });
    expect(bad.json()).toMatchObject({ error: "ERR_WAPP_INVALID_CONTACT", field: "number" });

    const group = await buildContact(db(), company.id, { number: "120363000000000042", isGroup: true });
    const renamed = await request("PUT", `/contacts/${group.id}`, userSession.headers, {
      name: "Grupo renomeado",
      number: "120363000000000042",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [row] = await db().select().from(contacts).where(eq(contacts.id, group.id));
    expect(row?.number).toBe("120363000000000042");
  });

  it("GET /contacts/profile/{number} finds a contact typed in the national format", async () => {
    const { adminSession, company } = await teamIn();
    const person = await buildContact(db(), company.id, { number: "5511988887730" });
    const res = await request(
      "GET",
      `/contacts/profile/${encodeURIComponent("(11) 98888-7730")}`,
      adminSession.headers,
    );
    expect(res.json()).toMatchObject({ id: person.id });
  });
});

async function listOf(headers: Headers) {
  const res = await request("POST", "/contact-lists", headers, { name: unique("Lista") });
  return res.json() as ContactListRecord;
}

describe("contact lists", () => {
  it("items store E.164 digits in the company's country and refuse what is no phone number", async () => {
    const { adminSession } = await teamIn("AR");
    const h = adminSession.headers;
    const list = await listOf(h);
    const add = (number: string) =>
      request("POST", "/contact-list-items", h, { name: "Ana Souza", number, contactListId: list.id });
    expect(((await add("011 15 2345-6789")).json() as ContactListItemDto).number).toBe("5491123456789");
    expect(((await add("+55 11 98888-7740")).json() as ContactListItemDto).number).toBe("5511988887740");
    const bad = await add("12345678");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_WAPP_INVALID_CONTACT", field: "number" });
  });

  it("the spreadsheet import reads numbers in the company's country and reports those that are none", async () => {
    const { adminSession } = await teamIn("US");
    const h = adminSession.headers;
    const list = await listOf(h);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Contatos");
    for (const row of [
      ["name", "number"],
      ["Ann Lee", "(415) 555-2673"],
      ["Ana Souza", "+55 (11) 98888-7750"],
      ["Nobody", "555-0000-00"],
    ])
      sheet.addRow(row);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const boundary = `----phones${Date.now()}`;
    const res = await request(
      "POST",
      `/contact-lists/${list.id}/upload`,
      { ...h, "content-type": `multipart/form-data; boundary=${boundary}` },
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]) as unknown as object,
    );
    expect(res.statusCode, res.body).toBe(202);
    const report = await eventually(async () => {
      const latest = await request("GET", `/contact-lists/${list.id}/imports/latest`, h);
      const body = latest.json();
      return body?.status === "done" ? body : undefined;
    }, 30_000);
    expect(report.refused).toEqual([{ line: 4, reason: "NUMBER_INVALID", number: "555-0000-00" }]);
    const items = await db()
      .select()
      .from(contactListItems)
      .where(eq(contactListItems.contactListId, list.id))
      .orderBy(asc(contactListItems.number));
    expect(items.map((i) => i.number)).toEqual(["14155552673", "5511988887750"]);
  });
});
