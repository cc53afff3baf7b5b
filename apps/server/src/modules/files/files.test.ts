import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FileListDto, FileListPage, FileListSummary } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { multipart } from "../../../test/conversations.js";
import { buildQueue, buildTeam, unique } from "../../../test/factories.js";
import { SAMPLE_FILES } from "../../../test/files.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { chatbots, fileListOptions, queues } from "../../db/schema/index.js";

/** File lists (spec 3 /files: sections 2, 3, 5 to 7) against the real database. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: unknown) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });

type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };
const uploadList = (id: number, headers: object, parts: Part[]) => {
  const form = multipart([
    { name: "fileId", value: String(id) },
    { name: "typeArch", value: "fileList" },
    ...parts,
  ]);
  return server.app.inject({
    method: "POST",
    url: `/files/uploadList/${id}`,
    headers: { ...(headers as Record<string, string>), ...form.headers },
    payload: form.payload,
  });
};
/** One file for an option, in the order the spec's dialog appends the parts. */
const filePart = (
  optionId: number,
  filename: string,
  bytes: Buffer,
  type = "application/octet-stream",
): Part[] => [
  { name: "files", filename, type, bytes },
  { name: "mediaType", value: type },
  { name: "name", value: filename },
  { name: "id", value: String(optionId) },
];

describe("GET, POST, PUT and DELETE /files", () => {
  it("creates a list with options, pages and searches by name, shows, edits the options and deletes it", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const tag = unique("lista");
    const created = await send("POST", "/files", headers, {
      name: `${tag}-b`,
      message: "Veja nossos arquivos",
      userId: 999_999,
      options: [
        { name: "Catálogo", path: "/etc/passwd", mediaType: "text/html" },
        { name: "Preços", path: "", mediaType: "" },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json() as FileListDto;
    expect(list).toMatchObject({ name: `${tag}-b`, message: "Veja nossos arquivos", userId: team.admin.id });
    expect(list.options.map((o) => [o.name, o.path, o.mediaType])).toEqual([
      ["Catálogo", null, null],
      ["Preços", null, null],
    ]);
    await send("POST", "/files", headers, { name: `${tag}-a`, message: "Outra" });

    const page = (
      await send("GET", `/files?searchParam=${tag.toUpperCase()}&companyId=1`, headers)
    ).json() as FileListPage;
    expect(page.files.map((f) => f.name)).toEqual([`${tag}-a`, `${tag}-b`]);
    expect(page).toMatchObject({ count: 2, hasMore: false });
    expect((await send("GET", `/files/${list.id}`, headers)).json()).toEqual(list);
    const summaries = (await send("GET", "/files/list", headers)).json() as FileListSummary[];
    expect(summaries).toContainEqual({ id: list.id, name: `${tag}-b` });

    const [catalog, prices] = list.options;
    const updated = await send("PUT", `/files/${list.id}`, headers, {
      name: `${tag}-c`,
      message: "Mudou",
      options: [{ id: prices!.id, name: "Tabela" }, { name: "Novo" }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((updated.json() as FileListDto).options.map((o) => [o.id === prices!.id, o.name])).toEqual([
      [true, "Tabela"],
      [false, "Novo"],
    ]);
    expect(await db().select().from(fileListOptions).where(eq(fileListOptions.id, catalog!.id))).toEqual([]);

    const deleted = await send("DELETE", `/files/${list.id}`, headers);
    expect(deleted.statusCode).toBe(200);
    expect((await send("GET", `/files/${list.id}`, headers)).statusCode).toBe(404);
  });

  it("answers the spec's messages: name of 3 or more ('nome muito curto'), message required ('Obrigatório')", async () => {
    const team = await buildTeam(server.app, db());
    const short = await send("POST", "/files", team.adminSession.headers, { name: "ab", message: "x" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: "name", message: "nome muito curto" });
    const noMessage = await send("POST", "/files", team.adminSession.headers, {
      name: "Lista",
      message: " ",
    });
    expect(noMessage.json()).toMatchObject({ field: "message", message: "Obrigatório" });
    const foreignOption = await send("POST", "/files", team.adminSession.headers, {
      name: "Lista",
      message: "x",
      options: [{ id: 1, name: "Alheia" }],
    });
    expect(foreignOption.statusCode).toBe(400);
  });

  it("a user with profile user is refused every call (spec 3 section 6)", async () => {
    const team = await buildTeam(server.app, db());
    const list = (
      await send("POST", "/files", team.adminSession.headers, { name: "Lista", message: "Olá" })
    ).json() as FileListDto;
    const headers = team.userSession.headers;
    for (const res of [
      await send("GET", "/files", headers),
      await send("GET", "/files/list", headers),
      await send("GET", `/files/${list.id}`, headers),
      await send("POST", "/files", headers, { name: "Minha", message: "x" }),
      await send("PUT", `/files/${list.id}`, headers, { name: "Minha", message: "x" }),
      await send("DELETE", `/files/${list.id}`, headers),
      await uploadList(list.id, headers, filePart(1, "a.png", SAMPLE_FILES.png)),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    }
  });

  it("pages of 20 by name: every list once across pages", async () => {
    const team = await buildTeam(server.app, db());
    const tag = unique("pag");
    for (let i = 0; i < 23; i++)
      await send("POST", "/files", team.adminSession.headers, { name: `${tag} ${i % 3}`, message: "x" });
    const first = (
      await send("GET", `/files?searchParam=${tag}`, team.adminSession.headers)
    ).json() as FileListPage;
    const second = (
      await send("GET", `/files?searchParam=${tag}&pageNumber=2`, team.adminSession.headers)
    ).json() as FileListPage;
    expect([first.files.length, first.hasMore, second.files.length, second.hasMore]).toEqual([
      20,
      true,
      3,
      false,
    ]);
    const ids = [...first.files, ...second.files].map((f) => f.id);
    expect(new Set(ids).size).toBe(23);
  });

  it("deleting a list detaches the queue and the chatbot option that sent it", async () => {
    const team = await buildTeam(server.app, db());
    const companyId = team.company.id;
    const list = (
      await send("POST", "/files", team.adminSession.headers, { name: "Anexos", message: "Olá" })
    ).json() as FileListDto;
    const queue = await buildQueue(db(), companyId);
    await db().update(queues).set({ fileListId: list.id }).where(eq(queues.id, queue.id));
    const [option] = await db()
      .insert(chatbots)
      .values({ companyId, queueId: queue.id, name: "Arquivos", queueType: "file", optFileId: list.id })
      .returning();
    expect((await send("DELETE", `/files/${list.id}`, team.adminSession.headers)).statusCode).toBe(200);
    const [queueRow] = await db().select().from(queues).where(eq(queues.id, queue.id));
    const [optionRow] = await db().select().from(chatbots).where(eq(chatbots.id, option!.id));
    expect([queueRow?.fileListId, queueRow?.companyId, optionRow?.optFileId, optionRow?.queueType]).toEqual([
      null,
      companyId,
      null,
      "file",
    ]);
  });

  it("announces create, update and delete on company-{id}-file", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const emit = vi.spyOn(server.realtime, "toCompany");
    try {
      const created = (
        await send("POST", "/files", headers, { name: "Ao vivo", message: "x" })
      ).json() as FileListDto;
      await send("PUT", `/files/${created.id}`, headers, { name: "Ao vivo 2", message: "y" });
      await send("DELETE", `/files/${created.id}`, headers);
      const mine = emit.mock.calls.filter(
        ([companyId, topic]) => topic === "file" && companyId === team.company.id,
      );
      expect(mine.map(([, , payload]) => (payload as { action: string }).action)).toEqual([
        "create",
        "update",
        "delete",
      ]);
      expect(mine[1]?.[2]).toMatchObject({ fileList: { id: created.id, name: "Ao vivo 2" } });
      expect(mine[2]?.[2]).toEqual({ action: "delete", fileId: created.id });
    } finally {
      emit.mockRestore();
    }
  });
});

describe("POST /files/uploadList/{id}", () => {
  it("each file becomes its option's, typed from its bytes under a random name; PUT with path null removes it", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const list = (
      await send("POST", "/files", headers, {
        name: "Material",
        message: "Segue",
        options: [{ name: "Foto" }, { name: "Contrato" }, { name: "Página" }],
      })
    ).json() as FileListDto;
    const [photo, contract, page] = list.options;
    const res = await uploadList(list.id, headers, [
      ...filePart(photo!.id, "../../foto.html", SAMPLE_FILES.png, "text/html"),
      ...filePart(contract!.id, "contrato.pdf", SAMPLE_FILES.pdf, "application/pdf"),
      ...filePart(page!.id, "pagina.png", SAMPLE_FILES.html, "image/png"),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [withPhoto, withContract, withPage] = (res.json() as FileListDto).options;
    expect(withPhoto).toMatchObject({ mediaType: "image/png", mediaName: "foto.html" });
    expect(withPhoto!.path).toMatch(
      new RegExp(`^/public/company${team.company.id}/fileList/\\d+-[0-9a-f]{24}\\.png$`),
    );
    expect(withContract).toMatchObject({ mediaType: "application/pdf", mediaName: "contrato.pdf" });
    // Active content is never stored as such: HTML claimed to be a PNG is an opaque .bin download.
    expect(withPage).toMatchObject({ mediaType: "application/octet-stream" });
    expect(withPage!.path).toMatch(/\.bin$/);
    const stored = await readFile(
      join(server.config.dataDir, "public", withPhoto!.path!.slice("/public/".length)),
    );
    expect(stored.equals(SAMPLE_FILES.png)).toBe(true);

    const cleared = await send("PUT", `/files/${list.id}`, headers, {
      name: "Material",
      message: "Segue",
      options: [
        { id: photo!.id, name: "Foto", path: null },
        { id: contract!.id, name: "Contrato", path: withContract!.path },
        { id: page!.id, name: "Página", path: "/public/company1/other.png" },
      ],
    });
    expect((cleared.json() as FileListDto).options.map((o) => o.path)).toEqual([
      null,
      withContract!.path,
      withPage!.path,
    ]);
  });

  it("a file for an option of another list is refused and nothing it stored stays", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const mine = (
      await send("POST", "/files", headers, { name: "Minha", message: "x", options: [{ name: "A" }] })
    ).json() as FileListDto;
    const other = (
      await send("POST", "/files", headers, { name: "Outra", message: "x", options: [{ name: "B" }] })
    ).json() as FileListDto;
    const res = await uploadList(mine.id, headers, [
      ...filePart(mine.options[0]!.id, "a.png", SAMPLE_FILES.png),
      ...filePart(other.options[0]!.id, "b.png", SAMPLE_FILES.png),
    ]);
    expect(res.statusCode).toBe(400);
    // Both files were stored while the form was read, and removed again when it was refused.
    const folder = join(server.config.dataDir, "public", `company${team.company.id}`, "fileList");
    expect(existsSync(folder) ? await readdir(folder) : []).toEqual([]);
    const [row] = await db()
      .select()
      .from(fileListOptions)
      .where(eq(fileListOptions.id, mine.options[0]!.id));
    expect(row?.path).toBeNull();
    const none = await uploadList(mine.id, headers, []);
    expect(none.statusCode).toBe(400);
  });
});
