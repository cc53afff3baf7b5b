import type { AnnouncementDto } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { multipart } from "../../../test/conversations.js";
import { buildAdmin, buildTeam, ensurePlatformCompany, login, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { png } from "../../../test/world.js";
import { announcements } from "../../db/schema/index.js";

/** Announcements administration (spec 3 sections 2 to 7): super users write, every company reads live. */
let server: TestServer;
let superHeaders: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  await ensurePlatformCompany(server.database.db);
  const owner = await buildAdmin(server.database.db, 1, { super: true });
  superHeaders = (await login(server.app, owner.email)).headers;
});
afterAll(() => server.close());

const db = () => server.database.db;
const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: unknown) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });
const upload = (id: number, headers: object, file: { filename: string; type: string; bytes: Buffer }) => {
  const form = multipart([
    { name: "typeArch", value: "announcements" },
    { name: "file", ...file },
  ]);
  return server.app.inject({
    method: "POST",
    url: `/announcements/${id}/media-upload`,
    headers: { ...(headers as Record<string, string>), ...form.headers },
    payload: form.payload,
  });
};
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
]);

describe("announcements administration", () => {
  it("a super user creates, lists (inactive ones too), edits and deletes; title and text are required", async () => {
    const tag = unique("aviso");
    for (const body of [{ text: "x" }, { title: tag, text: "  " }, { title: tag, text: "x", priority: 4 }]) {
      const res = await send("POST", "/announcements", superHeaders, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
    const created = await send("POST", "/announcements", superHeaders, {
      title: tag,
      text: "Manutenção às 22h",
    });
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json() as AnnouncementDto;
    expect(record).toMatchObject({ title: tag, priority: 3, status: true, mediaPath: null, companyId: 1 });

    const updated = await send("PUT", `/announcements/${record.id}`, superHeaders, {
      priority: "1",
      status: false,
    });
    expect(updated.json()).toMatchObject({ priority: 1, status: false });
    const page = (await send("GET", `/announcements/?searchParam=${tag}`, superHeaders)).json() as {
      records: AnnouncementDto[];
    };
    expect(page.records.map((a) => [a.id, a.status])).toEqual([[record.id, false]]);

    expect((await send("DELETE", `/announcements/${record.id}`, superHeaders)).statusCode).toBe(200);
    expect(await db().select().from(announcements).where(eq(announcements.id, record.id))).toEqual([]);
  });

  it("anyone else is refused with 403 and changes nothing; they read only active ones", async () => {
    const team = await buildTeam(server.app, db());
    const tag = unique("aviso");
    const record = (
      await send("POST", "/announcements", superHeaders, { title: tag, text: "Para todos" })
    ).json() as AnnouncementDto;
    for (const headers of [team.adminSession.headers, team.userSession.headers]) {
      for (const res of [
        await send("POST", "/announcements", headers, { title: "x", text: "y" }),
        await send("PUT", `/announcements/${record.id}`, headers, { title: "mudou" }),
        await send("DELETE", `/announcements/${record.id}`, headers),
        await upload(record.id, headers, { filename: "a.png", type: "image/png", bytes: png }),
        await send("DELETE", `/announcements/${record.id}/media-upload`, headers),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe("ERR_NO_PERMISSION");
      }
    }
    const read = (
      await send("GET", `/announcements/?searchParam=${tag}`, team.userSession.headers)
    ).json() as {
      records: AnnouncementDto[];
    };
    expect(read.records.map((a) => a.title)).toEqual([tag]);
    await send("PUT", `/announcements/${record.id}`, superHeaders, { status: false });
    const after = (
      await send("GET", `/announcements/?searchParam=${tag}`, team.userSession.headers)
    ).json() as {
      records: AnnouncementDto[];
    };
    expect(after.records).toEqual([]);
  });

  it("a platform announcement's changes go live on company-announcement to every company", async () => {
    const team = await buildTeam(server.app, db());
    const emit = vi.spyOn(server.realtime, "toCompany");
    try {
      const record = (
        await send("POST", "/announcements", superHeaders, {
          title: unique("aviso"),
          text: "Ao vivo",
          priority: 2,
        })
      ).json() as AnnouncementDto;
      await send("DELETE", `/announcements/${record.id}`, superHeaders);
      const mine = emit.mock.calls.filter(([, topic]) => topic === "announcement");
      const toTeam = mine
        .filter(([companyId]) => companyId === team.company.id)
        .map(([, , payload]) => payload);
      expect(toTeam).toEqual([
        { action: "create", record: expect.objectContaining({ id: record.id, priority: 2 }) },
        { action: "delete", id: record.id },
      ]);
      expect(mine.some(([companyId]) => companyId === 1)).toBe(true);
    } finally {
      emit.mockRestore();
    }
  });

  it("media: png, jpg and jpeg by their bytes; anything else is refused and nothing is stored", async () => {
    const record = (
      await send("POST", "/announcements", superHeaders, { title: unique("aviso"), text: "Com imagem" })
    ).json() as AnnouncementDto;
    for (const file of [
      { filename: "doc.png", type: "image/png", bytes: Buffer.from("%PDF-1.4 fake") },
      { filename: "anim.gif", type: "image/gif", bytes: Buffer.from("GIF89a\x01\x00\x01\x00") },
    ]) {
      const res = await upload(record.id, superHeaders, file);
      expect(res.statusCode, file.filename).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field: "file" });
    }
    const [row] = await db().select().from(announcements).where(eq(announcements.id, record.id));
    expect(row?.mediaPath).toBeNull();

    const asPng = (
      await upload(record.id, superHeaders, { filename: "foto.png", type: "image/png", bytes: png })
    ).json();
    expect(asPng).toMatchObject({ mediaName: "foto.png" });
    expect(asPng.mediaPath).toMatch(/^\/public\/company1\/announcements\/\d+-[0-9a-f]{24}\.png$/);
    const asJpeg = (
      await upload(record.id, superHeaders, { filename: "foto.jpeg", type: "image/jpeg", bytes: jpeg })
    ).json();
    expect(asJpeg.mediaPath).toMatch(/\.jpg$/);
    const removed = await send("DELETE", `/announcements/${record.id}/media-upload`, superHeaders);
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
    await send("DELETE", `/announcements/${record.id}`, superHeaders);
  });
});
