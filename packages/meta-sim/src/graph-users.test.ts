import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseFields } from "./graph-users.js";
import { type Any, call, type Harness, PAGE, startHarness } from "./test/harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.sim.registerUser(USER);
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.sim.clear();
});

const USER = {
  userId: "10160000000000001",
  accessToken: "EAAG-user-token",
  name: "Ana Gerente",
  pages: [
    {
      id: "300000000000001",
      name: "Loja Centro",
      accessToken: "EAAG-page-1",
      instagram: { id: "17841400000000101", username: "lojacentro", name: "Loja Centro" },
    },
    { id: "300000000000002", name: "Loja Norte", accessToken: "EAAG-page-2" },
    {
      id: "300000000000003",
      name: "Loja Sul",
      accessToken: "EAAG-page-3",
      instagram: { id: "17841400000000103", username: "lojasul" },
    },
  ],
};
const FIELDS = "name,access_token,instagram_business_account{id,username,name,profile_picture_url}";
const accounts = (id: string, token: string | undefined, query = `fields=${encodeURIComponent(FIELDS)}`) =>
  call(`${h.sim.graphUrl}/${id}/accounts?${query}`, token ? { token } : {});
const subscribe = (pageId: string, token: string, body: unknown) =>
  call(`${h.sim.graphUrl}/${pageId}/subscribed_apps`, { token, body });

describe("GET /{user-id}/accounts", () => {
  it("lists the user's pages with the requested fields and their Instagram business accounts", async () => {
    const reply = await accounts(USER.userId, USER.accessToken);
    expect(reply.status).toBe(200);
    const data = reply.json.data as Any[];
    expect(data).toHaveLength(3);
    expect(data[0]).toEqual({
      id: "300000000000001",
      name: "Loja Centro",
      access_token: "EAAG-page-1",
      instagram_business_account: {
        id: "17841400000000101",
        username: "lojacentro",
        name: "Loja Centro",
        profile_picture_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/_sim\/avatar\//),
      },
    });
    expect(data[1].instagram_business_account).toBeUndefined();
    expect((reply.json.paging as Any).next).toBeUndefined();
    expect((await accounts("me", USER.accessToken)).json.data).toEqual(data);
  });

  it("pages through paging.next, an absolute URL carrying the token, as Graph does", async () => {
    const first = await accounts(USER.userId, USER.accessToken, `fields=name&limit=2`);
    expect((first.json.data as Any[]).map((p) => p.name)).toEqual(["Loja Centro", "Loja Norte"]);
    const next = (first.json.paging as Any).next as string;
    expect(next).toContain(`${h.sim.graphUrl}/${USER.userId}/accounts?`);
    expect(new URL(next).searchParams.get("access_token")).toBe(USER.accessToken);
    const second = await call(next);
    expect(second.json.data).toEqual([{ id: "300000000000003", name: "Loja Sul" }]);
    expect((second.json.paging as Any).next).toBeUndefined();
  });

  it("without fields answers Graph's defaults", async () => {
    const reply = await accounts("me", USER.accessToken, "");
    expect(Object.keys((reply.json.data as Any[])[0]).sort()).toEqual(
      ["access_token", "category", "id", "name", "tasks"].sort(),
    );
  });

  it("refuses a bad token (190), another user's id, unknown fields and page tokens (100)", async () => {
    const bad = await accounts(USER.userId, "EAAG-expired");
    expect(bad.status).toBe(401);
    expect((bad.json.error as Any).code).toBe(190);
    expect((await accounts(USER.userId, undefined)).status).toBe(401);
    const other = await accounts("10169999999999999", USER.accessToken);
    expect(other.status).toBe(400);
    expect(other.json.error).toMatchObject({ code: 100, error_subcode: 33 });
    const field = await accounts("me", USER.accessToken, "fields=name,nope");
    expect((field.json.error as Any).message).toContain("(nope)");
    const sub = await accounts("me", USER.accessToken, "fields=instagram_business_account{biography}");
    expect((sub.json.error as Any).code).toBe(100);
    const page = await accounts("me", "EAAG-page-1");
    expect((page.json.error as Any).message).toContain("nonexisting field (accounts)");
  });
});

describe("GET /oauth/access_token (fb_exchange_token)", () => {
  const exchange = (query: string) => call(`${h.sim.graphUrl}/oauth/access_token?${query}`);

  it("gives a long-lived token that lists the same pages", async () => {
    const reply = await exchange(
      `grant_type=fb_exchange_token&client_id=1&client_secret=s&fb_exchange_token=${USER.accessToken}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ token_type: "bearer", expires_in: expect.any(Number) });
    const longLived = reply.json.access_token as string;
    expect(longLived).not.toBe(USER.accessToken);
    expect((await accounts("me", longLived)).json.data).toHaveLength(3);
  });

  it("needs the app's credentials and a valid user token", async () => {
    expect((await exchange(`grant_type=fb_exchange_token&fb_exchange_token=x`)).json.error).toMatchObject({
      code: 101,
    });
    const bad = await exchange(
      "grant_type=fb_exchange_token&client_id=1&client_secret=s&fb_exchange_token=x",
    );
    expect(bad.status).toBe(401);
    expect((bad.json.error as Any).code).toBe(190);
  });
});

describe("POST /{page-id}/subscribed_apps", () => {
  const fields = "messages,messaging_postbacks,message_reactions,message_reads,message_deliveries";

  it("accepts the page token with subscribed_fields (string or array) and records it", async () => {
    const reply = await subscribe("300000000000001", "EAAG-page-1", { subscribed_fields: fields });
    expect(reply).toEqual({ status: 200, json: { success: true } });
    await subscribe("300000000000002", "EAAG-page-2", { subscribed_fields: ["messages", "message_echoes"] });
    expect(h.sim.subscriptions).toMatchObject([
      { pageId: "300000000000001", fields: fields.split(",") },
      { pageId: "300000000000002", fields: ["messages", "message_echoes"] },
    ]);
    const listed = await call(`${h.sim.url}/_sim/subscriptions?page=300000000000002`);
    expect((listed.json.subscriptions as Any[]).map((s) => s.pageId)).toEqual(["300000000000002"]);
  });

  it("a registered facebook account's token works for its own page", async () => {
    const reply = await subscribe(PAGE.accountId, PAGE.accessToken, { subscribed_fields: "messages" });
    expect(reply.status).toBe(200);
  });

  it("refuses user tokens (210), bad tokens (190), another page's token and bad fields (100)", async () => {
    const user = await subscribe("300000000000001", USER.accessToken, { subscribed_fields: "messages" });
    expect((user.json.error as Any).code).toBe(210);
    const bad = await subscribe("300000000000001", "nope", { subscribed_fields: "messages" });
    expect(bad.status).toBe(401);
    expect((bad.json.error as Any).code).toBe(190);
    const other = await subscribe("300000000000001", "EAAG-page-2", { subscribed_fields: "messages" });
    expect(other.json.error).toMatchObject({ code: 100, error_subcode: 33 });
    const missing = await subscribe("300000000000001", "EAAG-page-1", {});
    expect((missing.json.error as Any).message).toContain("subscribed_fields is required");
    const unknown = await subscribe("300000000000001", "EAAG-page-1", { subscribed_fields: "messages,x" });
    expect((unknown.json.error as Any).message).toContain('got "x"');
    expect(h.sim.subscriptions).toEqual([]);
  });
});

describe("control: /_sim/users", () => {
  it("registers a user over HTTP and lists users without tokens", async () => {
    const created = await call(`${h.sim.url}/_sim/users`, {
      body: {
        userId: "10160000000000077",
        accessToken: "EAAG-user-77",
        pages: [{ id: "300000000000077", name: "Pagina", accessToken: "EAAG-page-77" }],
      },
    });
    expect(created.status).toBe(200);
    expect((await accounts("me", "EAAG-user-77")).json.data).toHaveLength(1);
    const { json } = await call(`${h.sim.url}/_sim/users`);
    const listed = (json.users as Any[]).find((u) => u.userId === "10160000000000077");
    expect(listed.pages).toEqual([{ id: "300000000000077", name: "Pagina" }]);
    expect(JSON.stringify(json)).not.toContain("EAAG-");
    const invalid = await call(`${h.sim.url}/_sim/users`, { body: { userId: "1", accessToken: "t" } });
    expect(invalid.status).toBe(400);
  });

  it("registering the same user again replaces the token and the pages", async () => {
    h.sim.registerUser({ userId: "10160000000000088", accessToken: "old-88", pages: [] });
    h.sim.registerUser({ userId: "10160000000000088", accessToken: "new-88", pages: USER.pages.slice(0, 1) });
    expect((await accounts("me", "old-88")).status).toBe(401);
    expect((await accounts("me", "new-88")).json.data).toHaveLength(1);
  });
});

describe("parseFields and the phone page link", () => {
  it("parses nested fields", () => {
    expect(parseFields("name, a{b,c{d}} ,e")).toEqual([
      { name: "name" },
      { name: "a", sub: [{ name: "b" }, { name: "c", sub: [{ name: "d" }] }] },
      { name: "e" },
    ]);
  });

  it("the phone page opens the chat given in ?account=&contact=", async () => {
    const html = await (await fetch(`${h.sim.url}/?account=1&contact=2`)).text();
    expect(html).toContain("new URLSearchParams(location.search)");
  });
});
