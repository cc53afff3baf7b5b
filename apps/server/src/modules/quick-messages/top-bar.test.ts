import type { AnnouncementDto, ChatDto, QuickMessageDto } from "@inbox/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam, buildUser, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { announcements, chats, chatUsers, quickMessages } from "../../db/schema/index.js";

/** The lists the top bar and the message input read: quick messages, announcements, internal chats. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const get = (url: string, headers: object) =>
  server.app.inject({ method: "GET", url, headers: headers as Record<string, string> });

describe("GET /quick-messages/list", () => {
  it("gives the company's global quick messages and the user's own, by shortcode", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const companyId = team.company.id;
    await db()
      .insert(quickMessages)
      .values([
        { companyId, shortcode: "oi", message: "Olá!", geral: true, userId: team.admin.id },
        { companyId, shortcode: "meu", message: "Só meu", userId: team.user.id },
        { companyId, shortcode: "dele", message: "Do admin", userId: team.admin.id },
        { companyId: other.company.id, shortcode: "alheio", message: "x", geral: true },
      ]);
    const asUser = (
      await get("/quick-messages/list?companyId=999", team.userSession.headers)
    ).json() as QuickMessageDto[];
    expect(asUser.map((q) => q.shortcode)).toEqual(["meu", "oi"]);
    expect(asUser[1]).toMatchObject({ message: "Olá!", geral: true, mediaPath: null });
    const asAdmin = (
      await get("/quick-messages/list", team.adminSession.headers)
    ).json() as QuickMessageDto[];
    expect(asAdmin.map((q) => q.shortcode)).toEqual(["dele", "oi"]);
  });
});

describe("GET /announcements/", () => {
  it("lists active announcements of the platform and of the company, newest first, paged with records and hasMore", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const tag = unique("aviso");
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await db()
      .insert(announcements)
      .values([
        { companyId: team.company.id, title: `${tag} da empresa`, priority: 1, createdAt: at(1) },
        { companyId: 1, title: `${tag} da plataforma`, priority: 2, createdAt: at(2) },
        { companyId: team.company.id, title: `${tag} inativo`, status: false, createdAt: at(3) },
        { companyId: other.company.id, title: `${tag} de outra`, createdAt: at(4) },
      ]);
    const res = await get(`/announcements/?searchParam=${tag.toUpperCase()}`, team.userSession.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { records: AnnouncementDto[]; hasMore: boolean };
    expect(body.records.map((a) => [a.title, a.priority])).toEqual([
      [`${tag} da empresa`, 1],
      [`${tag} da plataforma`, 2],
    ]);
    expect(body.hasMore).toBe(false);
    const noSlash = await get(`/announcements?searchParam=${tag}`, team.userSession.headers);
    expect(noSlash.json()).toEqual(body);
    const elsewhere = (await get(`/announcements/?searchParam=${tag}`, other.userSession.headers)).json() as {
      records: AnnouncementDto[];
    };
    expect(elsewhere.records.map((a) => a.title)).toEqual([`${tag} da plataforma`, `${tag} de outra`]);
  });

  it("pages 40 at a time", async () => {
    const team = await buildTeam(server.app, db());
    const tag = unique("lote");
    await db()
      .insert(announcements)
      .values(Array.from({ length: 45 }, (_, i) => ({ companyId: team.company.id, title: `${tag} ${i}` })));
    const page1 = (await get(`/announcements/?searchParam=${tag}`, team.userSession.headers)).json();
    const page2 = (
      await get(`/announcements/?searchParam=${tag}&pageNumber=2`, team.userSession.headers)
    ).json();
    expect([page1.records.length, page1.hasMore, page2.records.length, page2.hasMore]).toEqual([
      40,
      true,
      5,
      false,
    ]);
    const ids = [...page1.records, ...page2.records].map((a: AnnouncementDto) => a.id);
    expect(new Set(ids).size).toBe(45);
  });
});

describe("GET /chats/", () => {
  it("lists the chats the user takes part in, most recent first, with each participant's unread count", async () => {
    const team = await buildTeam(server.app, db());
    const third = await buildUser(db(), team.company.id);
    const companyId = team.company.id;
    const [older, newer, notMine] = await db()
      .insert(chats)
      .values([
        {
          companyId,
          title: "Equipe",
          ownerId: team.admin.id,
          lastMessage: "bom dia",
          updatedAt: new Date(Date.now() - 60_000),
        },
        { companyId, title: "Plantão", ownerId: team.user.id, lastMessage: "ok" },
        { companyId, title: "Privado", ownerId: team.admin.id },
      ])
      .returning();
    await db()
      .insert(chatUsers)
      .values([
        { companyId, chatId: older!.id, userId: team.admin.id },
        { companyId, chatId: older!.id, userId: team.user.id, unreads: 3 },
        { companyId, chatId: newer!.id, userId: team.user.id },
        { companyId, chatId: notMine!.id, userId: team.admin.id },
        { companyId, chatId: notMine!.id, userId: third.id, unreads: 1 },
      ]);
    const res = await get("/chats/", team.userSession.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { records: ChatDto[]; hasMore: boolean; count: number };
    expect(body.records.map((c) => c.title)).toEqual(["Plantão", "Equipe"]);
    expect(body.records[1]!.users).toEqual(
      expect.arrayContaining([
        { userId: team.user.id, unreads: 3, user: { id: team.user.id, name: team.user.name } },
        { userId: team.admin.id, unreads: 0, user: { id: team.admin.id, name: team.admin.name } },
      ]),
    );
    expect(body.hasMore).toBe(false);
    expect((await get("/chats", team.userSession.headers)).json()).toEqual(body);
    const searched = (await get("/chats/?searchParam=equi", team.userSession.headers)).json() as {
      records: ChatDto[];
    };
    expect(searched.records.map((c) => c.title)).toEqual(["Equipe"]);

    const other = await buildTeam(server.app, db());
    expect(
      ((await get("/chats/", other.adminSession.headers)).json() as { records: ChatDto[] }).records,
    ).toEqual([]);
  });
});
