import type { ContactDto } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContact, buildTeam, buildUser } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { contacts } from "../../db/schema/index.js";

/** A contact's wallet user (DirectTicketsToWallets): who may set it, and what it may name. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
let seq = 0;
const brMobile = () =>
  `55119${String(Date.now() % 1e6).padStart(6, "0")}${String(seq++ % 100).padStart(2, "0")}`;

const request = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: object) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload });

describe("the contact's wallet user", () => {
  it("an admin sets it on create and changes or clears it on update; the DTO carries it", async () => {
    const team = await buildTeam(server.app, db());
    const created = await request("POST", "/contacts", team.adminSession.headers, {
      name: "Ana Lima",
      number: brMobile(),
      walletUserId: team.user.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const contact = created.json() as ContactDto;
    expect(contact.walletUserId).toBe(team.user.id);
    expect((await request("GET", `/contacts/${contact.id}`, team.userSession.headers)).json()).toMatchObject({
      walletUserId: team.user.id,
    });

    const moved = await request("PUT", `/contacts/${contact.id}`, team.adminSession.headers, {
      walletUserId: team.admin.id,
    });
    expect(moved.json()).toMatchObject({ walletUserId: team.admin.id });
    // The original clients send "no id" as false.
    const cleared = await request("PUT", `/contacts/${contact.id}`, team.adminSession.headers, {
      walletUserId: false,
    });
    expect(cleared.json()).toMatchObject({ walletUserId: null });
  });

  it("an ordinary user may not set or change it, but may save the contact with it unchanged", async () => {
    const team = await buildTeam(server.app, db());
    const refused = await request("POST", "/contacts", team.userSession.headers, {
      name: "Bia",
      number: brMobile(),
      walletUserId: team.user.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });

    const contact = await buildContact(db(), team.company.id, { walletUserId: team.admin.id });
    const change = await request("PUT", `/contacts/${contact.id}`, team.userSession.headers, {
      walletUserId: team.user.id,
    });
    expect(change.statusCode).toBe(403);
    const same = await request("PUT", `/contacts/${contact.id}`, team.userSession.headers, {
      name: "Bia Souza",
      walletUserId: team.admin.id,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ name: "Bia Souza", walletUserId: team.admin.id });
  });

  it("another company's user is refused; a deleted wallet user leaves the contact without one", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const contact = await buildContact(db(), team.company.id);
    const foreign = await request("PUT", `/contacts/${contact.id}`, team.adminSession.headers, {
      walletUserId: other.user.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: "ERR_NOT_FOUND", field: "walletUserId" });
    const [unchanged] = await db().select().from(contacts).where(eq(contacts.id, contact.id));
    expect(unchanged?.walletUserId).toBeNull();

    const owner = await buildUser(db(), team.company.id);
    expect(
      (await request("PUT", `/contacts/${contact.id}`, team.adminSession.headers, { walletUserId: owner.id }))
        .statusCode,
    ).toBe(200);
    expect((await request("DELETE", `/users/${owner.id}`, team.adminSession.headers)).statusCode).toBe(200);
    const [after] = await db().select().from(contacts).where(eq(contacts.id, contact.id));
    expect(after).toMatchObject({ walletUserId: null, companyId: team.company.id });
  });
});
