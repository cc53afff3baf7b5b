import type { AddressInfo } from "node:net";
import type { ChatDto, ChatMessageDto, ChatMessageList } from "@inbox/shared";
import { CHAT_MESSAGES_PAGE_SIZE } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTeam, buildUser, login, type Session } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { eventually } from "../../../test/meta.js";
import { planOf, sortsOverScansOf } from "../../../test/plans.js";
import { TestSockets } from "../../../test/sockets.js";
import { chatMessages, chats, chatUsers } from "../../db/schema/index.js";
import { ChatsRepo } from "./repo.js";

/** Internal chat (spec 3): participants only, owner-only changes, keyset pages, unread counts, events. */
let server: TestServer;
let url: string;
const clients = new TestSockets(() => url);

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterEach(() => clients.closeAll());
afterAll(() => server.close());

const db = () => server.database.db;
const call = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, session: Session, payload?: unknown) =>
  server.app.inject({ method, url: path, headers: session.headers, payload: payload as object });

/** A company with an admin, two users and a third who is never in the chat, all signed in. */
async function office() {
  const team = await buildTeam(server.app, db());
  const third = await buildUser(db(), team.company.id);
  return {
    ...team,
    owner: team.adminSession,
    member: team.userSession,
    outsider: await login(server.app, third.email),
    outsiderUser: third,
  };
}

async function createChat(owner: Session, userIds: number[], title = "Equipe") {
  const res = await call("POST", "/chats", owner, { title, users: userIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChatDto;
}

type ChatEvent = { action: string; chat?: ChatDto; newMessage?: ChatMessageDto; id?: number };

/** A socket recording every event it receives. */
async function socketFor(session: Session) {
  return (await clients.hearingAll<ChatEvent>(session.token)).events;
}

describe("POST /chats and who sees a chat", () => {
  it("the owner takes part; participants list and read it; anyone else gets 404 on every route", async () => {
    const o = await office();
    const chat = await createChat(o.owner, [o.user.id]);
    expect(chat.ownerId).toBe(o.admin.id);
    expect(chat.users.map((u) => u.userId).sort()).toEqual([o.admin.id, o.user.id].sort());

    const listed = (await call("GET", "/chats", o.member)).json() as { records: ChatDto[] };
    expect(listed.records.map((c) => c.id)).toContain(chat.id);
    expect((await call("GET", `/chats/${chat.uuid}`, o.member)).json()).toMatchObject({ id: chat.id });
    const hidden = (await call("GET", "/chats", o.outsider)).json() as { records: ChatDto[] };
    expect(hidden.records.map((c) => c.id)).not.toContain(chat.id);

    await call("POST", `/chats/${chat.id}/messages`, o.member, { message: "segredo" });
    for (const [method, path, body] of [
      ["GET", `/chats/${chat.id}`],
      ["GET", `/chats/${chat.uuid}`],
      ["GET", `/chats/${chat.id}/messages`],
      ["POST", `/chats/${chat.id}/messages`, { message: "intruso" }],
      ["POST", `/chats/${chat.id}/read`, {}],
      ["PUT", `/chats/${chat.id}`, { title: "x", users: [o.outsiderUser.id] }],
      ["DELETE", `/chats/${chat.id}`],
    ] as const) {
      const res = await call(method, path, o.outsider, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.body).not.toContain("segredo");
    }
    const stored = await db().select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    expect(stored.map((m) => m.message)).toEqual(["segredo"]);
  });

  it("validates: a blank title, no users, a blank message, a user of another company", async () => {
    const o = await office();
    const other = await buildTeam(server.app, db());
    expect((await call("POST", "/chats", o.owner, { title: "  ", users: [o.user.id] })).statusCode).toBe(400);
    expect((await call("POST", "/chats", o.owner, { title: "T", users: [] })).statusCode).toBe(400);
    const foreign = await call("POST", "/chats", o.owner, { title: "T", users: [other.user.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ field: "users" });
    const chat = await createChat(o.owner, [{ id: o.user.id } as unknown as number]);
    expect((await call("POST", `/chats/${chat.id}/messages`, o.owner, { message: "   " })).statusCode).toBe(
      400,
    );
  });
});

describe("PUT and DELETE /chats/{id}: owner only", () => {
  it("a participant who is not the owner is refused (403) and nothing changes; the owner renames, changes and deletes", async () => {
    const o = await office();
    const chat = await createChat(o.owner, [o.user.id], "Antes");
    const refused = await call("PUT", `/chats/${chat.id}`, o.member, { title: "Tomado", users: [o.user.id] });
    expect(refused.statusCode).toBe(403);
    expect((await call("DELETE", `/chats/${chat.id}`, o.member)).statusCode).toBe(403);
    const [row] = await db().select().from(chats).where(eq(chats.id, chat.id));
    expect(row?.title).toBe("Antes");

    const changed = await call("PUT", `/chats/${chat.id}`, o.owner, {
      title: "Depois",
      users: [o.outsiderUser.id],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as ChatDto).users.map((u) => u.userId).sort()).toEqual(
      [o.admin.id, o.outsiderUser.id].sort(),
    );
    expect((await call("GET", `/chats/${chat.id}`, o.member)).statusCode).toBe(404);

    expect((await call("DELETE", `/chats/${chat.id}`, o.owner)).statusCode).toBe(200);
    expect(await db().select().from(chatUsers).where(eq(chatUsers.chatId, chat.id))).toEqual([]);
    expect((await call("GET", `/chats/${chat.id}`, o.owner)).statusCode).toBe(404);
  });
});

describe("GET /chats/{id}/messages", () => {
  it("pages newest first by keyset: every message once, even with new ones arriving between pages", async () => {
    const o = await office();
    const chat = await createChat(o.owner, [o.user.id]);
    const total = CHAT_MESSAGES_PAGE_SIZE * 2 + 5;
    for (let i = 0; i < total; i++)
      await call("POST", `/chats/${chat.id}/messages`, i % 2 ? o.owner : o.member, { message: `m${i}` });

    const seen: string[] = [];
    let before: number | undefined;
    let pages = 0;
    for (;;) {
      const res = await call(
        "GET",
        `/chats/${chat.id}/messages${before ? `?before=${before}` : ""}`,
        o.member,
      );
      const page = res.json() as ChatMessageList;
      seen.push(...page.records.map((m) => m.message));
      pages++;
      // A message arriving while the user scrolls back does not shift the older pages.
      await call("POST", `/chats/${chat.id}/messages`, o.owner, { message: `late${pages}` });
      if (!page.hasMore) break;
      before = page.records.at(-1)?.id;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => `m${total - 1 - i}`));
    const first = (
      await call("GET", `/chats/${chat.id}/messages?pageNumber=1`, o.member)
    ).json() as ChatMessageList;
    expect(first.records[0]).toMatchObject({ message: "late3", sender: { id: o.admin.id }, chatId: chat.id });
  });
});

describe("query plans", () => {
  it("a page of messages and the chat list walk their indexes: no sort of the whole chat", async () => {
    const repo = new ChatsRepo(db());
    for (const page of [
      { offset: 0, size: 20 },
      { before: 1, offset: 0, size: 20 },
    ]) {
      const plan = await planOf(server.database, repo.messagesPageQuery(1, 1, page));
      expect(sortsOverScansOf(plan, "chat_messages"), JSON.stringify(page)).toEqual([]);
    }
  });
});

describe("unread counts and POST /chats/{id}/read", () => {
  it("a message counts unread for every participant but its sender; read sets the reader's to 0 only", async () => {
    const o = await office();
    const chat = await createChat(o.owner, [o.user.id, o.outsiderUser.id]);
    await call("POST", `/chats/${chat.id}/messages`, o.owner, { message: "um" });
    await call("POST", `/chats/${chat.id}/messages`, o.owner, { message: "dois" });
    const unreads = async () =>
      Object.fromEntries(
        (await db().select().from(chatUsers).where(eq(chatUsers.chatId, chat.id))).map((p) => [
          p.userId,
          p.unreads,
        ]),
      );
    expect(await unreads()).toEqual({ [o.admin.id]: 0, [o.user.id]: 2, [o.outsiderUser.id]: 2 });
    const listed = (await call("GET", "/chats", o.member)).json() as { records: ChatDto[] };
    expect(listed.records.find((c) => c.id === chat.id)).toMatchObject({ lastMessage: "dois" });

    // userId in the body is ignored: the token's user is the reader.
    const read = await call("POST", `/chats/${chat.id}/read`, o.member, { userId: o.outsiderUser.id });
    expect(read.statusCode, read.body).toBe(200);
    expect(await unreads()).toEqual({ [o.admin.id]: 0, [o.user.id]: 0, [o.outsiderUser.id]: 2 });
  });
});

describe("live events", () => {
  it("reach the participants' sockets only: create, new-message with the unread counts, read, removal, delete", async () => {
    const o = await office();
    const ownerEvents = await socketFor(o.owner);
    const memberEvents = await socketFor(o.member);
    const outsiderEvents = await socketFor(o.outsider);
    const chatEvent = `company-${o.company.id}-chat`;
    const of = (events: typeof ownerEvents, action: string) =>
      events.filter((e) => e.name === chatEvent && e.payload.action === action).map((e) => e.payload);

    const chat = await createChat(o.owner, [o.user.id], "Segredo");
    await eventually(async () => of(memberEvents, "create").length === 1 || undefined);
    await call("POST", `/chats/${chat.id}/messages`, o.owner, { message: "só para nós" });
    const [arrived] = await eventually(async () => {
      const found = of(memberEvents, "new-message");
      return found.length ? found : undefined;
    });
    expect(arrived?.newMessage).toMatchObject({ message: "só para nós", sender: { id: o.admin.id } });
    expect(arrived?.chat?.users.find((u) => u.userId === o.user.id)?.unreads).toBe(1);
    await eventually(async () => of(ownerEvents, "new-message").length === 1 || undefined);

    await call("POST", `/chats/${chat.id}/read`, o.member, {});
    await eventually(async () => of(ownerEvents, "update").length === 1 || undefined);

    // The outsider's own chat: events to one socket arrive in order, so by the time it hears of
    // this one it would have heard of the earlier chat too.
    const theirs = await createChat(o.outsider, [o.user.id], "Outro");
    await eventually(async () => of(outsiderEvents, "create").length === 1 || undefined);
    expect(outsiderEvents.filter((e) => e.name === chatEvent).map((e) => e.payload.chat?.id)).toEqual([
      theirs.id,
    ]);
    expect(JSON.stringify(outsiderEvents)).not.toContain("só para nós");

    // Taken out of the chat: told to drop it, and hears nothing of it afterwards.
    await call("PUT", `/chats/${chat.id}`, o.owner, { title: "Segredo", users: [o.outsiderUser.id] });
    await eventually(async () => of(memberEvents, "delete").length === 1 || undefined);
    expect(of(memberEvents, "delete")[0]).toEqual({ action: "delete", id: chat.id });
    await call("POST", `/chats/${chat.id}/messages`, o.owner, { message: "depois da saída" });
    await eventually(async () => of(outsiderEvents, "new-message").length === 1 || undefined);
    await call("DELETE", `/chats/${theirs.id}`, o.outsider);
    await eventually(async () => of(memberEvents, "delete").length === 2 || undefined);
    expect(JSON.stringify(memberEvents)).not.toContain("depois da saída");
  });
});

describe("tenant isolation", () => {
  it("another company's admin neither lists, reads, writes nor adds users to a chat", async () => {
    const o = await office();
    const other = await buildTeam(server.app, db());
    const chat = await createChat(o.owner, [o.user.id]);
    await call("POST", `/chats/${chat.id}/messages`, o.owner, { message: "interno" });
    const listed = await call("GET", "/chats", other.adminSession);
    expect(listed.body).not.toContain(chat.uuid);
    for (const path of [`/chats/${chat.id}`, `/chats/${chat.uuid}`, `/chats/${chat.id}/messages`])
      expect((await call("GET", path, other.adminSession)).statusCode).toBe(404);
    expect(
      (await call("POST", `/chats/${chat.id}/messages`, other.adminSession, { message: "x" })).statusCode,
    ).toBe(404);
    const theirs = await createChat(other.adminSession, [other.user.id]);
    const stolen = await call("PUT", `/chats/${theirs.id}`, other.adminSession, {
      title: "x",
      users: [o.user.id],
    });
    expect(stolen.statusCode).toBe(400);
    expect(await db().select().from(chatUsers).where(eq(chatUsers.chatId, theirs.id))).toHaveLength(2);
  });
});
