import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildConnection, buildTeam, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { databaseBefore } from "../../../test/migrated-before.js";
import { whatsapps } from "../../db/schema/index.js";

/**
 * A provider id (Cloud API phone number id, Messenger page id, Instagram account id) names one
 * connection of the whole platform: Meta delivers an account's webhooks to one place, and the
 * webhooks are routed by that id, so a second connection holding it would steal or lose messages.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
type Team = Awaited<ReturnType<typeof buildTeam>>;
const team = () => buildTeam(server.app, db());
/** Ids no other test (nor an earlier run on a shared PostgreSQL) uses. */
const accountId = () => unique("acct");

const createConnection = (owner: Team, payload: Record<string, unknown>) =>
  server.app.inject({
    method: "POST",
    url: "/whatsapp",
    headers: owner.adminSession.headers,
    payload: { name: unique("conn"), accessToken: "token", appSecret: "secret", ...payload },
  });
const updateConnection = (owner: Team, id: number, payload: Record<string, unknown>) =>
  server.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers: owner.adminSession.headers, payload });
const cloudApi = (phoneNumberId: string) => ({ channel: "whatsappapi", phoneNumberId });

/** The connections holding this phone number id, in creation order. */
const holders = (phoneNumberId: string) =>
  db()
    .select({ id: whatsapps.id, companyId: whatsapps.companyId })
    .from(whatsapps)
    .where(eq(whatsapps.phoneNumberId, phoneNumberId))
    .orderBy(whatsapps.id);

const IN_USE = { error: "ERR_WAPP_PROVIDER_ID_IN_USE" };

describe("POST /whatsapp", () => {
  it("refuses a phone number id another connection of the same company holds", async () => {
    const a = await team();
    const id = accountId();
    const first = await createConnection(a, cloudApi(id));
    expect(first.statusCode, first.body).toBe(201);
    const second = await createConnection(a, cloudApi(id));
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ ...IN_USE, field: "phoneNumberId" });
    expect(await holders(id)).toEqual([{ id: first.json().id, companyId: a.company.id }]);
  });

  it("refuses it when another company holds it, and says nothing of that company", async () => {
    const [a, b] = [await team(), await team()];
    const id = accountId();
    const first = await createConnection(a, cloudApi(id));
    expect(first.statusCode, first.body).toBe(201);
    const second = await createConnection(b, cloudApi(id));
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ ...IN_USE, field: "phoneNumberId" });
    expect(second.body).not.toContain(String(a.company.id));
    expect(await holders(id)).toEqual([{ id: first.json().id, companyId: a.company.id }]);
  });

  it("Messenger page ids and Instagram account ids are as unique; an Instagram connection may share its linked page with a Messenger one", async () => {
    const [a, b] = [await team(), await team()];
    const page = accountId();
    const instagram = accountId();
    expect((await createConnection(a, { channel: "facebook", pageId: page })).statusCode).toBe(201);
    const ig = await createConnection(a, { channel: "instagram", instagramId: instagram, pageId: page });
    expect(ig.statusCode, ig.body).toBe(201);

    const samePage = await createConnection(b, { channel: "facebook", pageId: page });
    expect(samePage.statusCode).toBe(400);
    expect(samePage.json()).toMatchObject({ ...IN_USE, field: "pageId" });
    const sameAccount = await createConnection(b, {
      channel: "instagram",
      instagramId: instagram,
      pageId: accountId(),
    });
    expect(sameAccount.statusCode).toBe(400);
    expect(sameAccount.json()).toMatchObject({ ...IN_USE, field: "instagramId" });
    // Another channel's id names nothing here: a Cloud API connection's stray pageId blocks no page.
    const strayPage = accountId();
    const stray = await createConnection(b, { ...cloudApi(accountId()), pageId: strayPage });
    expect(stray.statusCode, stray.body).toBe(201);
    const page2 = await createConnection(a, { channel: "facebook", pageId: strayPage });
    expect(page2.statusCode, page2.body).toBe(201);
  });

  it("connections without an id yet (empty) do not collide", async () => {
    const a = await team();
    for (const name of ["Sem id 1", "Sem id 2"]) {
      const res = await createConnection(a, { name, ...cloudApi("") });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: "DISCONNECTED" });
    }
  });

  it("two creates of one id at once, from two companies: one connection holds it, the other is refused", async () => {
    const [a, b] = [await team(), await team()];
    const id = accountId();
    const answers = await Promise.all([createConnection(a, cloudApi(id)), createConnection(b, cloudApi(id))]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((res) => res.statusCode === 400);
    expect(refused?.json()).toMatchObject({ ...IN_USE, field: "phoneNumberId" });
    const created = answers.find((res) => res.statusCode === 201);
    expect((await holders(id)).map((row) => row.id)).toEqual([created?.json().id]);
  });

  it("two creates of one id at once in one company: one connection", async () => {
    const a = await team();
    const id = accountId();
    const answers = await Promise.all([createConnection(a, cloudApi(id)), createConnection(a, cloudApi(id))]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
    expect(await holders(id)).toHaveLength(1);
  });
});

describe("PUT /whatsapp/{id}", () => {
  it("refuses another connection's id, of this company or another; keeps its own, and frees an id it leaves", async () => {
    const [a, b] = [await team(), await team()];
    const [mine, sibling, foreign] = [accountId(), accountId(), accountId()];
    const own = (await createConnection(a, cloudApi(mine))).json();
    await createConnection(a, cloudApi(sibling));
    const other = (await createConnection(b, cloudApi(foreign))).json();

    const sameCompany = await updateConnection(a, own.id, { phoneNumberId: sibling });
    expect(sameCompany.statusCode).toBe(400);
    expect(sameCompany.json()).toMatchObject({ ...IN_USE, field: "phoneNumberId" });
    const otherCompany = await updateConnection(a, own.id, { phoneNumberId: foreign });
    expect(otherCompany.statusCode).toBe(400);
    expect(otherCompany.json()).toMatchObject({ ...IN_USE, field: "phoneNumberId" });
    const [row] = await db().select().from(whatsapps).where(eq(whatsapps.id, own.id));
    expect(row?.phoneNumberId).toBe(mine);

    // Its own id again (a form saved whole) is fine; an id given up is free for another.
    const again = await updateConnection(a, own.id, { name: "Renomeada", phoneNumberId: mine });
    expect(again.statusCode, again.body).toBe(200);
    const moved = await updateConnection(b, other.id, { phoneNumberId: accountId() });
    expect(moved.statusCode, moved.body).toBe(200);
    const taken = await updateConnection(a, own.id, { phoneNumberId: foreign });
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it("refuses a page id another company's Messenger connection holds", async () => {
    const [a, b] = [await team(), await team()];
    const page = accountId();
    await createConnection(a, { channel: "facebook", pageId: page });
    const mine = (await createConnection(b, { channel: "facebook", pageId: accountId() })).json();
    const res = await updateConnection(b, mine.id, { pageId: page });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ...IN_USE, field: "pageId" });
  });

  it("two updates to one id at once: one connection holds it", async () => {
    const [a, b] = [await team(), await team()];
    const first = (await createConnection(a, cloudApi(accountId()))).json();
    const second = (await createConnection(b, cloudApi(accountId()))).json();
    const id = accountId();
    const answers = await Promise.all([
      updateConnection(a, first.id, { phoneNumberId: id }),
      updateConnection(b, second.id, { phoneNumberId: id }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(await holders(id)).toHaveLength(1);
  });
});

describe("the database", () => {
  it("refuses a second holder even when a writer skips the service", async () => {
    const [a, b] = [await buildCompany(db()), await buildCompany(db())];
    const id = accountId();
    await buildConnection(db(), a.id, { channel: "whatsappapi", phoneNumberId: id });
    await expect(
      buildConnection(db(), b.id, { channel: "whatsappapi", phoneNumberId: id }),
    ).rejects.toThrow();
    // A QR-code connection's column is not a provider id: no rule there.
    await buildConnection(db(), b.id, { channel: "whatsapp", phoneNumberId: id });
  });

  // A fresh database migrated twice: tens of seconds while other files run.
  it("migration 0018 keeps the oldest holder of a duplicated id and clears the others (disconnected)", {
    timeout: 120_000,
  }, async () => {
    // The migrations before 0018 on a fresh database, duplicates as they could exist then, then 0018.
    const { database, pglite, migrateRest } = await databaseBefore("0018");
    try {
      const old = database.db;
      // Companies as 0017's schema had them: the factories write today's columns.
      const oldCompany = async () => {
        const made = await pglite.query<{ id: number }>(
          `WITH p AS (INSERT INTO plans (name) VALUES ($1) RETURNING id)
           INSERT INTO companies (name, plan_id) SELECT $2, id FROM p RETURNING id`,
          [unique("plan"), unique("company")],
        );
        return { id: (made.rows[0] as { id: number }).id };
      };
      const [a, b] = [await oldCompany(), await oldCompany()];
      const connected = { status: "CONNECTED", accessToken: "t", appSecret: "s" };
      const oldest = await buildConnection(old, a.id, {
        ...connected,
        channel: "whatsappapi",
        phoneNumberId: "111",
      });
      const copy = await buildConnection(old, b.id, {
        ...connected,
        channel: "whatsappapi",
        phoneNumberId: "111",
      });
      const sameCompanyCopy = await buildConnection(old, a.id, {
        ...connected,
        channel: "whatsappapi",
        phoneNumberId: "111",
      });
      const page = await buildConnection(old, a.id, { ...connected, channel: "facebook", pageId: "222" });
      const pageCopy = await buildConnection(old, b.id, { ...connected, channel: "facebook", pageId: "222" });
      const ig = await buildConnection(old, a.id, { ...connected, channel: "instagram", instagramId: "333" });
      const igCopy = await buildConnection(old, b.id, {
        ...connected,
        channel: "instagram",
        instagramId: "333",
      });
      // Not duplicates under the rule: another channel's column, empty ids.
      const qr = await buildConnection(old, b.id, { channel: "whatsapp", phoneNumberId: "111" });
      const empty = await buildConnection(old, a.id, { channel: "whatsappapi", phoneNumberId: "" });
      const empty2 = await buildConnection(old, b.id, { channel: "whatsappapi", phoneNumberId: "" });

      await migrateRest();

      const ids = [oldest, copy, sameCompanyCopy, page, pageCopy, ig, igCopy, qr, empty, empty2].map(
        (c) => c.id,
      );
      const rows = await old
        .select({
          id: whatsapps.id,
          status: whatsapps.status,
          phoneNumberId: whatsapps.phoneNumberId,
          pageId: whatsapps.pageId,
          instagramId: whatsapps.instagramId,
        })
        .from(whatsapps)
        .where(inArray(whatsapps.id, ids))
        .orderBy(whatsapps.id);
      expect(rows).toEqual([
        { id: oldest.id, status: "CONNECTED", phoneNumberId: "111", pageId: null, instagramId: null },
        { id: copy.id, status: "DISCONNECTED", phoneNumberId: null, pageId: null, instagramId: null },
        {
          id: sameCompanyCopy.id,
          status: "DISCONNECTED",
          phoneNumberId: null,
          pageId: null,
          instagramId: null,
        },
        { id: page.id, status: "CONNECTED", phoneNumberId: null, pageId: "222", instagramId: null },
        { id: pageCopy.id, status: "DISCONNECTED", phoneNumberId: null, pageId: null, instagramId: null },
        { id: ig.id, status: "CONNECTED", phoneNumberId: null, pageId: null, instagramId: "333" },
        { id: igCopy.id, status: "DISCONNECTED", phoneNumberId: null, pageId: null, instagramId: null },
        { id: qr.id, status: "DISCONNECTED", phoneNumberId: "111", pageId: null, instagramId: null },
        { id: empty.id, status: "DISCONNECTED", phoneNumberId: "", pageId: null, instagramId: null },
        { id: empty2.id, status: "DISCONNECTED", phoneNumberId: "", pageId: null, instagramId: null },
      ]);
      // And the index now holds the rule.
      await expect(
        buildConnection(old, b.id, { channel: "whatsappapi", phoneNumberId: "111" }),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
