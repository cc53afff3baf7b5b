import type { FileListDto } from "@inbox/shared";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../test/conversations.js";
import { SAMPLE_FILES } from "../../test/files.js";
import { connectedCompany, eventually, startMetaWorld, untilIdle } from "../../test/meta.js";
import { messages } from "../db/schema/index.js";

/**
 * File lists in the automatic conversation, on the real server: the lists and the queue are made
 * through the API, a contact writes over meta-sim (Cloud API), and what meta-sim received is the
 * assertion.
 */
type MetaWorld = Awaited<ReturnType<typeof startMetaWorld>>;
let world: MetaWorld;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;

describe("file lists sent by the bot", () => {
  it("a queue's list after its greeting, a file option's list when chosen: message, then each file with its name", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const headers = account.team.adminSession.headers;
    const call = (method: "POST" | "PUT", url: string, payload: unknown) =>
      world.server.app.inject({ method, url, headers, payload: payload as object });

    const makeList = async (name: string, message: string, files: { name: string; bytes?: Buffer }[]) => {
      const res = await call("POST", "/files", {
        name,
        message,
        options: files.map((f) => ({ name: f.name })),
      });
      expect(res.statusCode, res.body).toBe(201);
      const list = res.json() as FileListDto;
      const parts = list.options.flatMap((option, i) => {
        const bytes = files[i]?.bytes;
        return bytes
          ? [
              { name: "files", filename: `${option.name}.bin`, type: "application/octet-stream", bytes },
              { name: "id", value: String(option.id) },
            ]
          : [];
      });
      const form = multipart(parts);
      const upload = await world.server.app.inject({
        method: "POST",
        url: `/files/uploadList/${list.id}`,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
      expect(upload.statusCode, upload.body).toBe(200);
      return list;
    };
    const welcome = await makeList("Boas-vindas", "Nosso folheto", [
      { name: "Folheto", bytes: SAMPLE_FILES.png },
    ]);
    const catalog = await makeList("Catálogo", "Segue o catálogo", [
      { name: "Tabela", bytes: SAMPLE_FILES.pdf },
      { name: "Sem arquivo" },
    ]);

    const queue = await call("POST", "/queue", {
      name: "Vendas",
      color: "#123abc",
      greetingMessage: "Bem-vindo a Vendas",
      fileListId: welcome.id,
      chatbots: [
        { name: "Catálogo", queueType: "file", optFileId: catalog.id, greetingMessage: "Um momento" },
        { name: "Outro assunto", greetingMessage: "Pode falar" },
      ],
    });
    expect(queue.statusCode, queue.body).toBe(201);
    const queueId = (queue.json() as { id: number }).id;
    const linked = await call("PUT", `/whatsapp/${account.connectionId}`, { queueIds: [queueId] });
    expect(linked.statusCode, linked.body).toBe(200);

    const from = `55119${String(Date.now()).slice(-8)}`;
    const say = (body: string) =>
      world.sim.cloud.text(account.accountId, { from, body, name: "Rita Cliente" });
    const sends = () => world.sim.sent.filter((s) => s.recipient === from && s.id);
    const shown = () =>
      sends().map((s) => {
        const body = s.body as Record<
          string,
          { body?: string; caption?: string; filename?: string } | string
        >;
        const type = String(body.type);
        const content = body[type] as { body?: string; caption?: string } | undefined;
        return `${type}:${content?.body ?? content?.caption ?? ""}`;
      });

    await say("Oi");
    await eventually(async () => sends().length >= 3, 10_000);
    await untilIdle(world);
    // One queue: the contact enters it at once (no greeting: sendGreetingMessageOneQueues is off);
    // its list goes before its menu.
    expect(shown()).toEqual([
      "text:Nosso folheto",
      "image:Folheto",
      "text:*[ 1 ]* - Catálogo\n*[ 2 ]* - Outro assunto",
    ]);

    await say("1");
    await eventually(async () => sends().length >= 7, 10_000);
    await untilIdle(world);
    expect(shown().slice(3)).toEqual([
      "text:Um momento",
      "text:Segue o catálogo",
      "document:Tabela",
      "text:Sem arquivo",
    ]);
    // Nothing more, nothing waiting: each message of the lists was sent once.
    const waiting = await db()
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.companyId, account.team.company.id),
          eq(messages.fromMe, true),
          isNull(messages.providerMessageId),
        ),
      );
    expect(waiting).toEqual([]);
    expect(sends()).toHaveLength(7);
  });

  it("the queue editor refuses another company's list, and a file option without one", async () => {
    const mine = await connectedCompany(world, "whatsappapi");
    const theirs = await connectedCompany(world, "whatsappapi");
    const foreign = await world.server.app.inject({
      method: "POST",
      url: "/files",
      headers: theirs.team.adminSession.headers,
      payload: { name: "Alheia", message: "x" },
    });
    const foreignId = (foreign.json() as FileListDto).id;
    const post = (payload: object) =>
      world.server.app.inject({
        method: "POST",
        url: "/queue",
        headers: mine.team.adminSession.headers,
        payload,
      });
    const byQueue = await post({ name: "Fila A", color: "#0000a1", fileListId: foreignId });
    expect(byQueue.statusCode).toBe(400);
    expect(byQueue.json()).toMatchObject({ field: "fileListId" });
    const byOption = await post({
      name: "Fila B",
      color: "#0000a2",
      chatbots: [{ name: "Arquivos", queueType: "file", optFileId: foreignId }],
    });
    expect(byOption.statusCode).toBe(400);
    expect(byOption.json()).toMatchObject({ field: "optFileId" });
    const missing = await post({
      name: "Fila C",
      color: "#0000a3",
      chatbots: [{ name: "Arquivos", queueType: "file" }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: "Required" });
  });
});
