import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { QuickMessageDto, QuickMessagePage } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { multipart } from "../../../test/conversations.js";
import { buildTeam, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { png } from "../../../test/world.js";
import { quickMessages } from "../../db/schema/index.js";

/** Quick messages administration (spec 3 sections 3, 5 to 7) against the real database. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: unknown) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });

const upload = (id: number, headers: object, file: { filename: string; type: string; bytes: Buffer }) => {
  const form = multipart([
    { name: "typeArch", value: "quickMessage" },
    { name: "file", ...file },
  ]);
  return server.app.inject({
    method: "POST",
    url: `/quick-messages/${id}/media-upload`,
    headers: { ...(headers as Record<string, string>), ...form.headers },
    payload: form.payload,
  });
};

const row = async (id: number) =>
  (await db().select().from(quickMessages).where(eq(quickMessages.id, id)))[0];

describe("POST, GET, PUT and DELETE /quick-messages", () => {
  it("creates a quick message of the signed-in user, lists it by shortcode with search and paging, edits and deletes it", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.userSession.headers;
    const tag = unique("qm");
    const created = await send("POST", "/quick-messages", headers, {
      shortcode: `${tag}-b`,
      message: "Bom dia!",
      geral: "true",
      status: true,
      isMedia: false,
      mediaPath: "/etc/passwd",
    });
    expect(created.statusCode, created.body).toBe(201);
    const quick = created.json() as QuickMessageDto;
    expect(quick).toMatchObject({ shortcode: `${tag}-b`, message: "Bom dia!", geral: true, mediaPath: null });
    expect(quick.userId).toBe(team.user.id);
    await send("POST", "/quick-messages", headers, { shortcode: `${tag}-a`, message: "Olá" });

    const page = (
      await send("GET", `/quick-messages?searchParam=${tag.toUpperCase()}`, headers)
    ).json() as QuickMessagePage;
    expect(page.records.map((q) => q.shortcode)).toEqual([`${tag}-a`, `${tag}-b`]);
    expect(page).toMatchObject({ count: 2, hasMore: false });
    const byText = (
      await send("GET", "/quick-messages?searchParam=bom%20dia", headers)
    ).json() as QuickMessagePage;
    expect(byText.records.map((q) => q.id)).toEqual([quick.id]);

    const shown = await send("GET", `/quick-messages/${quick.id}`, headers);
    expect(shown.json()).toEqual(quick);

    const updated = await send("PUT", `/quick-messages/${quick.id}`, headers, {
      message: "Boa tarde!",
      geral: false,
    });
    expect(updated.json()).toMatchObject({ shortcode: `${tag}-b`, message: "Boa tarde!", geral: false });

    const deleted = await send("DELETE", `/quick-messages/${quick.id}`, headers);
    expect(deleted.statusCode).toBe(200);
    expect(await row(quick.id)).toBeUndefined();
    expect((await send("GET", `/quick-messages/${quick.id}`, headers)).statusCode).toBe(404);
  });

  it("pages 40 at a time; every record appears on exactly one page", async () => {
    const team = await buildTeam(server.app, db());
    const companyId = team.company.id;
    await db()
      .insert(quickMessages)
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          companyId,
          shortcode: `same`,
          message: `${i}`,
          geral: true,
        })),
      );
    const first = (
      await send("GET", "/quick-messages?pageNumber=1", team.adminSession.headers)
    ).json() as QuickMessagePage;
    const second = (
      await send("GET", "/quick-messages?pageNumber=2", team.adminSession.headers)
    ).json() as QuickMessagePage;
    expect([first.records.length, first.hasMore, second.records.length, second.hasMore]).toEqual([
      40,
      true,
      5,
      false,
    ]);
    const ids = [...first.records, ...second.records].map((q) => q.id);
    expect(new Set(ids).size).toBe(45);
  });

  it("answers the spec's message when the shortcode is missing or blank, never a 500", async () => {
    const team = await buildTeam(server.app, db());
    for (const body of [{ message: "x" }, { shortcode: "   ", message: "x" }, { shortcode: 5 }]) {
      const res = await send("POST", "/quick-messages", team.userSession.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field: "shortcode" });
      if (typeof body.shortcode !== "number") expect(res.json().message).toBe("Obrigatório");
    }
    const created = (
      await send("POST", "/quick-messages", team.userSession.headers, { shortcode: "ok" })
    ).json() as QuickMessageDto;
    const blank = await send("PUT", `/quick-messages/${created.id}`, team.userSession.headers, {
      shortcode: "",
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      error: "ERR_VALIDATION",
      field: "shortcode",
      message: "Obrigatório",
    });
  });

  it("another user's personal quick message is listed but read-only; shared ones anyone may change", async () => {
    const team = await buildTeam(server.app, db());
    const companyId = team.company.id;
    const [personal] = await db()
      .insert(quickMessages)
      .values({ companyId, shortcode: "do-admin", message: "privado", userId: team.admin.id })
      .returning();
    const [shared] = await db()
      .insert(quickMessages)
      .values({ companyId, shortcode: "de-todos", message: "geral", geral: true, userId: team.admin.id })
      .returning();
    const headers = team.userSession.headers;
    const listed = (await send("GET", "/quick-messages", headers)).json() as QuickMessagePage;
    expect(listed.records.map((q) => q.shortcode).sort()).toEqual(["de-todos", "do-admin"]);

    for (const res of [
      await send("PUT", `/quick-messages/${personal!.id}`, headers, { message: "mudei" }),
      await send("DELETE", `/quick-messages/${personal!.id}`, headers),
      await send("DELETE", `/quick-messages/${personal!.id}/media-upload`, headers),
      await upload(personal!.id, headers, { filename: "a.png", type: "image/png", bytes: png }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    }
    expect(await row(personal!.id)).toMatchObject({ message: "privado", mediaPath: null });

    const changed = await send("PUT", `/quick-messages/${shared!.id}`, headers, { message: "mudei" });
    expect(changed.json()).toMatchObject({ message: "mudei", userId: team.admin.id });
  });

  it("announces create, update and delete on company-{id}-quickmessage", async () => {
    const team = await buildTeam(server.app, db());
    const emit = vi.spyOn(server.realtime, "toCompany");
    try {
      const created = (
        await send("POST", "/quick-messages", team.adminSession.headers, { shortcode: "live" })
      ).json() as QuickMessageDto;
      await send("PUT", `/quick-messages/${created.id}`, team.adminSession.headers, { message: "novo" });
      await send("DELETE", `/quick-messages/${created.id}`, team.adminSession.headers);
      const mine = emit.mock.calls.filter(([, topic]) => topic === "quickmessage");
      expect(
        mine.map(([companyId, , payload]) => [companyId, (payload as { action: string }).action]),
      ).toEqual([
        [team.company.id, "create"],
        [team.company.id, "update"],
        [team.company.id, "delete"],
      ]);
      expect(mine[1]?.[2]).toMatchObject({ record: { id: created.id, message: "novo" } });
      expect(mine[2]?.[2]).toEqual({ action: "delete", id: created.id });
    } finally {
      emit.mockRestore();
    }
  });
});

describe("POST and DELETE /quick-messages/{id}/media-upload", () => {
  it("stores the file under a random name with the type of its bytes; the sender's name is for display only", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.userSession.headers;
    const quick = (
      await send("POST", "/quick-messages", headers, { shortcode: "foto" })
    ).json() as QuickMessageDto;

    const res = await upload(quick.id, headers, {
      filename: "../../evil.html",
      type: "text/html",
      bytes: png,
    });
    expect(res.statusCode, res.body).toBe(200);
    const withMedia = res.json() as QuickMessageDto;
    expect(withMedia.mediaName).toBe("evil.html");
    expect(withMedia.mediaPath).toMatch(
      new RegExp(`^/public/company${team.company.id}/quickMessage/\\d+-[0-9a-f]{24}\\.png$`),
    );
    const onDisk = await readFile(
      join(server.config.dataDir, "public", withMedia.mediaPath!.slice("/public/".length)),
    );
    expect(onDisk.equals(png)).toBe(true);

    const html = await upload(quick.id, headers, {
      filename: "page.png",
      type: "image/png",
      bytes: Buffer.from("<html><script>alert(1)</script></html>"),
    });
    expect((html.json() as QuickMessageDto).mediaPath).toMatch(/\.bin$/);

    const none = server.app.inject({
      method: "POST",
      url: `/quick-messages/${quick.id}/media-upload`,
      headers: { ...headers, ...multipart([{ name: "typeArch", value: "quickMessage" }]).headers },
      payload: multipart([{ name: "typeArch", value: "quickMessage" }]).payload,
    });
    expect((await none).statusCode).toBe(400);

    const removed = await send("DELETE", `/quick-messages/${quick.id}/media-upload`, headers);
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect(await row(quick.id)).toMatchObject({ mediaPath: null, mediaName: null });
  });
});
