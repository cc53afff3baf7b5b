import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTeam, buildUser, login } from "../../../test/factories.js";
import { eventually, startMetaWorld } from "../../../test/meta.js";
import { GraphClient } from "../../channels/meta/graph-client.js";
import { messages, plans, tickets, users, whatsapps } from "../../db/schema/index.js";
import { ConnectionsService } from "../connections/service.js";
import { FacebookService, SUBSCRIBED_FIELDS } from "./service.js";

const APP_SECRET = "meta-app-secret-for-tests";
let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld({ META_APP_ID: "123456789", META_APP_SECRET: APP_SECRET });
});
afterAll(() => world.close());

const db = () => world.server.database.db;
const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, "1");

/** A Facebook user in the sim managing `count` pages; every other page has an Instagram account. */
function facebookUser(count = 2, options: { instagram?: boolean } = {}) {
  const userId = digits(16);
  const pages = Array.from({ length: count }, (_, i) => {
    const id = digits(15);
    return {
      id,
      name: `Loja ${i + 1} ${id.slice(-4)}`,
      accessToken: `EAAG-page-${id}`,
      ...((options.instagram ?? true) && i % 2 === 0
        ? { instagram: { id: digits(17), username: `loja${id.slice(-6)}` } }
        : {}),
    };
  });
  const user = { userId, accessToken: `EAAG-user-${userId}`, pages };
  world.sim.registerUser(user);
  return user;
}

const addPages = (
  headers: Record<string, string>,
  user: { userId: string; accessToken: string },
  extra: Record<string, unknown> = {},
) =>
  world.server.app.inject({
    method: "POST",
    url: "/facebook",
    headers,
    payload: { facebookUserId: user.userId, facebookUserToken: user.accessToken, ...extra },
  });

const connectionsOf = (companyId: number) =>
  db().select().from(whatsapps).where(eq(whatsapps.companyId, companyId)).orderBy(whatsapps.id);

describe("POST /facebook", () => {
  it("adds every page as a connected facebook connection and subscribes the app to it", async () => {
    const team = await buildTeam(world.server.app, db());
    const user = facebookUser(3);
    const emit = vi.spyOn(world.server.realtime, "toCompany");
    const res = await addPages(team.adminSession.headers, user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ created: 3, updated: 0 });
    expect(body.connections.map((c: { name: string }) => c.name)).toEqual(user.pages.map((p) => p.name));
    for (const connection of body.connections) {
      expect(connection).toMatchObject({ channel: "facebook", status: "CONNECTED", appSecretSet: true });
    }
    // Tokens never leave: only the usual 4-character hint.
    expect(res.body).not.toContain("EAAG-");
    expect(res.body).not.toContain(APP_SECRET);

    const rows = await connectionsOf(team.company.id);
    expect(rows.map((r) => [r.channel, r.pageId, r.accessToken, r.facebookUserId, r.appSecret])).toEqual(
      user.pages.map((p) => ["facebook", p.id, p.accessToken, user.userId, APP_SECRET]),
    );
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
    expect(rows.every((r) => r.webhookKey && r.verifyToken && r.token?.length === 30)).toBe(true);

    for (const page of user.pages) {
      expect(world.sim.subscriptions.filter((s) => s.pageId === page.id)).toEqual([
        expect.objectContaining({ fields: SUBSCRIBED_FIELDS }),
      ]);
    }
    const created = emit.mock.calls.filter(
      ([companyId, topic]) => companyId === team.company.id && topic === "whatsapp",
    );
    expect(created.map(([, , payload]) => (payload as { action: string }).action)).toEqual([
      "create",
      "create",
      "create",
    ]);
    expect(JSON.stringify(created)).not.toContain("EAAG-");
    emit.mockRestore();
  });

  it("with addInstagram, also adds the pages' Instagram business accounts (only then)", async () => {
    const team = await buildTeam(world.server.app, db());
    const user = facebookUser(3);
    expect((await addPages(team.adminSession.headers, user)).json().created).toBe(3);
    expect((await connectionsOf(team.company.id)).filter((r) => r.channel === "instagram")).toEqual([]);

    const res = await addPages(team.adminSession.headers, user, { addInstagram: true });
    expect(res.json()).toMatchObject({ created: 2, updated: 3 });
    const instagram = (await connectionsOf(team.company.id)).filter((r) => r.channel === "instagram");
    const withIg = user.pages.filter((p) => p.instagram);
    expect(instagram.map((r) => [r.name, r.instagramId, r.pageId, r.accessToken, r.status])).toEqual(
      withIg.map((p) => [
        `Instagram @${p.instagram?.username}`,
        p.instagram?.id,
        p.id,
        p.accessToken,
        "CONNECTED",
      ]),
    );
  });

  it("running again updates the connections (new page token) instead of adding them twice", async () => {
    const team = await buildTeam(world.server.app, db());
    const user = facebookUser(2);
    const first = (await addPages(team.adminSession.headers, user, { addInstagram: true })).json();
    expect(first.created).toBe(3);
    const [renamed] = first.connections;
    await world.server.app.inject({
      method: "PUT",
      url: `/whatsapp/${renamed.id}`,
      headers: team.adminSession.headers,
      payload: { name: "Nome escolhido" },
    });

    const refreshed = {
      ...user,
      pages: user.pages.map((p) => ({ ...p, accessToken: `${p.accessToken}-v2` })),
    };
    world.sim.registerUser(refreshed);
    const again = await addPages(team.adminSession.headers, refreshed, { addInstagram: true });
    expect(again.json()).toMatchObject({ created: 0, updated: 3 });
    const rows = await connectionsOf(team.company.id);
    expect(rows.map((r) => r.id)).toEqual(
      first.connections.map((c: { id: number }) => c.id).sort((a: number, b: number) => a - b),
    );
    expect(rows.every((r) => r.accessToken?.endsWith("-v2"))).toBe(true);
    expect(rows.find((r) => r.id === renamed.id)?.name).toBe("Nome escolhido");
  });

  it("names stay unique in the company", async () => {
    const team = await buildTeam(world.server.app, db());
    const user = facebookUser(2, { instagram: false });
    user.pages[1]!.name = user.pages[0]!.name;
    world.sim.registerUser(user);
    const res = await addPages(team.adminSession.headers, user);
    expect(res.json().connections.map((c: { name: string }) => c.name)).toEqual([
      user.pages[0]!.name,
      `${user.pages[0]!.name} (2)`,
    ]);
  });

  it("respects the plan's connection limit: all pages or none, and Meta is left untouched", async () => {
    const team = await buildTeam(world.server.app, db());
    await db().update(plans).set({ connections: 2 }).where(eq(plans.id, team.company.planId));
    const user = facebookUser(3);
    const res = await addPages(team.adminSession.headers, user);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: "ERR_PLAN_CONNECTIONS_LIMIT",
      message: expect.stringContaining("2 connections"),
    });
    expect(await connectionsOf(team.company.id)).toEqual([]);
    expect(world.sim.subscriptions.filter((s) => user.pages.some((p) => p.id === s.pageId))).toEqual([]);

    // Updating what is already there does not count against the limit.
    const two = { ...user, pages: user.pages.slice(0, 2) };
    world.sim.registerUser(two);
    expect((await addPages(team.adminSession.headers, two)).json().created).toBe(2);
    expect((await addPages(team.adminSession.headers, two)).json().updated).toBe(2);
  });

  it("two logins racing for the plan's last connection: exactly one page is added", async () => {
    const team = await buildTeam(world.server.app, db());
    await db().update(plans).set({ connections: 1 }).where(eq(plans.id, team.company.planId));
    const users = [facebookUser(1, { instagram: false }), facebookUser(1, { instagram: false })];
    const answers = await Promise.all(users.map((user) => addPages(team.adminSession.headers, user)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error).toBe("ERR_PLAN_CONNECTIONS_LIMIT");
    expect(await connectionsOf(team.company.id)).toHaveLength(1);
  });

  it("respects the plan's channel flags", async () => {
    const team = await buildTeam(world.server.app, db());
    const user = facebookUser(2);
    await db().update(plans).set({ useFacebook: false }).where(eq(plans.id, team.company.planId));
    world.server.app.planFeatures.invalidate(team.company.id);
    const refused = await addPages(team.adminSession.headers, user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "ERR_PLAN_NO_FACEBOOK" });
    // Instagram alone: the Instagram accounts, not the pages.
    const instagramOnly = await addPages(team.adminSession.headers, user, { addInstagram: true });
    expect(instagramOnly.json().connections.map((c: { channel: string }) => c.channel)).toEqual([
      "instagram",
    ]);

    await db()
      .update(plans)
      .set({ useFacebook: true, useInstagram: false })
      .where(eq(plans.id, team.company.planId));
    world.server.app.planFeatures.invalidate(team.company.id);
    const noInstagram = await addPages(team.adminSession.headers, user, { addInstagram: true });
    expect(noInstagram.statusCode).toBe(403);
    expect(noInstagram.json().error).toBe("ERR_PLAN_NO_INSTAGRAM");
  });

  it("only admins and users with allowConnections add pages", async () => {
    const team = await buildTeam(world.server.app, db());
    const user = facebookUser(1);
    const refused = await addPages(team.userSession.headers, user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("ERR_NO_PERMISSION");
    expect(world.sim.subscriptions.filter((s) => s.pageId === user.pages[0]!.id)).toEqual([]);
    const allowed = await buildUser(db(), team.company.id, { allowConnections: "enabled" });
    expect((await addPages((await login(world.server.app, allowed.email)).headers, user)).statusCode).toBe(
      200,
    );
  });

  it("an invalid or foreign token, or a user without pages, is a clear error", async () => {
    const team = await buildTeam(world.server.app, db());
    const user = facebookUser(1);
    const invalid = await addPages(team.adminSession.headers, {
      userId: user.userId,
      accessToken: "EAAG-expired",
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: "ERR_FACEBOOK_INVALID_TOKEN" });
    const other = facebookUser(1);
    const foreign = await addPages(team.adminSession.headers, {
      userId: other.userId,
      accessToken: user.accessToken,
    });
    expect(foreign.json()).toMatchObject({
      error: "ERR_FACEBOOK_INVALID_TOKEN",
      message: expect.stringContaining(other.userId),
    });
    const empty = facebookUser(0);
    const none = await addPages(team.adminSession.headers, empty);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe("ERR_FACEBOOK_NO_PAGES");
    const validation = await addPages(team.adminSession.headers, { userId: "../me", accessToken: "x" });
    expect(validation.json()).toMatchObject({ error: "ERR_VALIDATION", field: "facebookUserId" });
    expect(await connectionsOf(team.company.id)).toEqual([]);
  });

  it("a page another company connected is refused (Meta delivers its messages to one connection); theirs is untouched", async () => {
    const a = await buildTeam(world.server.app, db());
    const b = await buildTeam(world.server.app, db());
    const user = facebookUser(1, { instagram: false });
    await addPages(a.adminSession.headers, user);
    const before = await connectionsOf(a.company.id);
    const subscriptions = world.sim.subscriptions.length;
    const res = await addPages(b.adminSession.headers, user);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_WAPP_PROVIDER_ID_IN_USE", field: "pageId" });
    expect(await connectionsOf(a.company.id)).toEqual(before);
    expect(await connectionsOf(b.company.id)).toEqual([]);
    // Refused before the page was subscribed again on B's behalf.
    expect(world.sim.subscriptions).toHaveLength(subscriptions);
  });

  it("an Instagram account another company connected is refused too, with its linked page", async () => {
    const a = await buildTeam(world.server.app, db());
    const b = await buildTeam(world.server.app, db());
    const user = facebookUser(1);
    const added = await addPages(a.adminSession.headers, user, { addInstagram: true });
    expect(added.statusCode, added.body).toBe(200);
    const res = await addPages(b.adminSession.headers, user, { addInstagram: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_WAPP_PROVIDER_ID_IN_USE" });
    expect(await connectionsOf(b.company.id)).toEqual([]);
  });

  it("trades the user token for a long-lived one, and the page's messages then reach the company", async () => {
    const team = await buildTeam(world.server.app, db());
    const user = facebookUser(1, { instagram: false });
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    await addPages(team.adminSession.headers, user);
    const urls = fetchSpy.mock.calls.map(([url]) => String(url));
    fetchSpy.mockRestore();
    const exchange = urls.find((url) => url.includes("/oauth/access_token?"));
    expect(exchange).toContain("client_id=123456789");
    expect(urls.find((url) => url.includes("/accounts?"))).toBeDefined();

    // Meta (here the sim) now sends the page's webhooks signed with the app secret.
    const [connection] = await connectionsOf(team.company.id);
    const page = user.pages[0]!;
    world.sim.registerAccount({
      channel: "facebook",
      accountId: page.id,
      accessToken: page.accessToken,
      appSecret: APP_SECRET,
      webhookUrl: `${world.baseUrl}/webhooks/meta/${connection?.webhookKey}`,
    });
    expect((await world.sim.messenger.text(page.id, { from: digits(16), text: "Olá, página" })).status).toBe(
      200,
    );
    const [message] = await eventually(async () => {
      const rows = await db().select().from(messages).where(eq(messages.companyId, team.company.id));
      return rows.length > 0 ? rows : undefined;
    });
    expect(message?.body).toBe("Olá, página");
    const [ticket] = await db().select().from(tickets).where(eq(tickets.companyId, team.company.id));
    expect(ticket?.whatsappId).toBe(connection?.id);
  });
});

describe("FacebookService without a configured Meta app", () => {
  const service = (graphUrl: string, pageSize?: number) =>
    new FacebookService({
      ...(pageSize ? { pageSize } : {}),
      graph: new GraphClient(graphUrl, world.sim.graphVersion),
      connections: new ConnectionsService({
        db: db(),
        realtime: world.server.realtime,
        publicUrl: "http://localhost",
      }),
    });
  const ctxOf = async (team: Awaited<ReturnType<typeof buildTeam>>) => {
    const [user] = await db().select().from(users).where(eq(users.id, team.admin.id));
    return { companyId: team.company.id, user: user! };
  };

  it("uses the user token as given; connections wait for an app secret", async () => {
    const team = await buildTeam(world.server.app, db());
    const user = facebookUser(1, { instagram: false });
    const result = await service(world.sim.url).addPages(await ctxOf(team), {
      facebookUserId: user.userId,
      facebookUserToken: user.accessToken,
      addInstagram: false,
    });
    expect(result.connections).toMatchObject([{ status: "DISCONNECTED", appSecretSet: false }]);
  });

  it("follows paging.next through every page of the user's pages", async () => {
    const team = await buildTeam(world.server.app, db());
    const user = facebookUser(5, { instagram: false });
    const result = await service(world.sim.url, 2).addPages(await ctxOf(team), {
      facebookUserId: user.userId,
      facebookUserToken: user.accessToken,
      addInstagram: false,
    });
    expect(result.connections.map((c) => c.pageId)).toEqual(user.pages.map((p) => p.id));
  });

  it("an unreachable Graph API is ERR_FACEBOOK_GRAPH (502), not a 500", async () => {
    const team = await buildTeam(world.server.app, db());
    const user = facebookUser(1);
    const failure = service("http://127.0.0.1:9").addPages(await ctxOf(team), {
      facebookUserId: user.userId,
      facebookUserToken: user.accessToken,
      addInstagram: false,
    });
    await expect(failure).rejects.toMatchObject({ code: "ERR_FACEBOOK_GRAPH", status: 502 });
  });
});
