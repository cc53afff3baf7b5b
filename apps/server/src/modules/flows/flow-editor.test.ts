import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { FlowDto, FlowShow, FlowWithGraph } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { multipart } from "../../../test/conversations.js";
import { buildQueue, buildTeam } from "../../../test/factories.js";
import { SAMPLE_FILES } from "../../../test/files.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { flows, queueIntegrations } from "../../db/schema/index.js";
import { flowMediaFile } from "./media.js";

/** The flow editor's calls (spec 3 section 7): POST /flowbuilder/flow and the three upload routes. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const root = () => join(server.config.dataDir, "public");
const send = (method: "GET" | "POST", url: string, headers: object, payload?: unknown) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });

async function newFlow(headers: object): Promise<FlowDto> {
  return (await send("POST", "/flowbuilder", headers, { name: "Editor" })).json() as FlowDto;
}

const start = { id: "s".repeat(30), type: "start", position: { x: 0, y: 0 }, data: { label: "Inicio" } };
const edge = (source: string, target: string, sourceHandle?: string) => ({
  id: `${source}-${target}-${sourceHandle ?? ""}`,
  source,
  target,
  ...(sourceHandle ? { sourceHandle } : {}),
});

describe("POST /flowbuilder/flow", () => {
  it("stores the graph (every node type), answers it and GET /flowbuilder/flow/{id} reads it back", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const flow = await newFlow(headers);
    const queue = await buildQueue(db(), team.company.id);
    const [integration] = await db()
      .insert(queueIntegrations)
      .values({ companyId: team.company.id, name: "Hook", type: "webhook", urlN8N: "http://127.0.0.1:1/x" })
      .returning();
    const nodes = [
      start,
      { id: "m", type: "message", position: { x: 40, y: 0 }, data: { label: "Olá!", editorOnly: 1 } },
      {
        id: "menu",
        type: "menu",
        position: { x: 80, y: 0 },
        data: { message: "Escolha", arrayOption: [{ number: 1, value: "Vendas" }] },
      },
      {
        id: "c",
        type: "condition",
        position: { x: 1, y: 1 },
        data: { key: "nome", condition: 2, value: "3" },
      },
      { id: "r", type: "randomizer", position: { x: 2, y: 1 }, data: { percent: 30 } },
      { id: "i", type: "interval", position: { x: 3, y: 1 }, data: { sec: 120 } },
      {
        id: "t",
        type: "ticket",
        position: { x: 4, y: 1 },
        data: { queue: { id: queue.id, name: queue.name }, userId: team.user.id },
      },
      {
        id: "g",
        type: "integration",
        position: { x: 5, y: 1 },
        data: { integrationId: integration!.id, name: "Hook", type: "webhook" },
      },
      {
        id: "b",
        type: "singleBlock",
        position: { x: 6, y: 1 },
        data: {
          seq: ["message1", "interval1"],
          elements: [
            { number: "message1", value: "Oi" },
            { number: "interval1", value: "5" },
          ],
        },
      },
    ];
    const connections = [
      edge(start.id, "m"),
      edge("m", "menu"),
      edge("menu", "c", "a1"),
      edge("c", "r", "a"),
      edge("c", "i", "b"),
      edge("r", "t", "a"),
      edge("r", "g", "b"),
      edge("i", "b"),
    ];
    const emit = vi.spyOn(server.realtime, "toCompany");
    const saved = await send("POST", "/flowbuilder/flow", headers, { idFlow: flow.id, nodes, connections });
    expect(saved.statusCode, saved.body).toBe(200);
    const answered = saved.json() as FlowWithGraph;
    expect(answered.flow.nodes.map((n) => n.id)).toEqual(nodes.map((n) => n.id));
    // Unknown data keys (the editor's own) are kept; defaults of the typed data are filled in.
    expect(answered.flow.nodes[1]!.data).toEqual({ label: "Olá!", editorOnly: 1 });
    expect(answered.flow.nodes.find((n) => n.id === "g")!.data).toMatchObject({
      description: "Enviar mensagens para sistema externo",
    });

    const shown = (await send("GET", `/flowbuilder/flow/${flow.id}`, headers)).json() as FlowShow;
    expect(emit).toHaveBeenCalledWith(team.company.id, "flowbuilder", {
      action: "update",
      flow: expect.objectContaining({ id: flow.id, name: "Editor" }),
    });
    emit.mockRestore();
    expect(shown.flow.flow).toEqual(answered.flow);
    expect(shown.flow.flow.connections).toHaveLength(connections.length);
    expect(shown.flow.flow.connections[2]).toMatchObject({ source: "menu", target: "c", sourceHandle: "a1" });
  });

  it("refuses bad shapes, graphs with errors (naming the node), foreign references and other companies' flows", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const flow = await newFlow(headers);
    const [before] = await db().select().from(flows).where(eq(flows.id, flow.id));
    const post = (body: unknown, as: object = headers) => send("POST", "/flowbuilder/flow", as, body);

    for (const body of [
      { nodes: [start], connections: [] },
      { idFlow: flow.id, nodes: [{ ...start, type: "teleport" }], connections: [] },
      { idFlow: flow.id, nodes: [{ ...start, position: { x: "a" } }], connections: [] },
      { idFlow: flow.id, nodes: "start", connections: [] },
      { idFlow: flow.id, nodes: [start], connections: [{ source: start.id }] },
      { idFlow: flow.id, nodes: [{ ...start, type: "interval", data: { sec: "lots" } }], connections: [] },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }

    // flow-check's errors: the spec's messages, one issue per problem, the node named.
    const interval = { id: "i", type: "interval", position: { x: 1, y: 1 }, data: { sec: 121 } };
    const card = { id: "img", type: "img", position: { x: 2, y: 1 }, data: { url: "" } };
    const bad = await post({
      idFlow: flow.id,
      nodes: [start, interval, card],
      connections: [edge(start.id, "i"), edge("i", "img"), edge("img", "nowhere")],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        { field: "nodes.i", message: "Máximo de tempo atingido 120 segundos" },
        { field: "nodes.img", message: "Delete os cards vazios(Imagem, Audio e Video)" },
        { field: "nodes.img", message: "Uma conexão aponta para um nó que não existe" },
      ]),
    );
    expect((await post({ idFlow: flow.id, nodes: [], connections: [] })).json().message).toContain(
      "O fluxo precisa de um nó Inicio",
    );
    // A node no path reaches is only a warning: the graph is saved.
    const loose = { id: "m", type: "message", position: { x: 9, y: 9 }, data: { label: "Solto" } };
    expect((await post({ idFlow: flow.id, nodes: [start, loose], connections: [] })).statusCode).toBe(200);

    // The ticket node's queue and user, the integration node's integration: the company's only.
    const foreignQueue = await buildQueue(db(), other.company.id);
    const ticket = (data: object) => ({ id: "t", type: "ticket", position: { x: 1, y: 1 }, data });
    for (const data of [{ queue: { id: foreignQueue.id } }, { queue: { id: 2_000_000 } }]) {
      const res = await post({
        idFlow: flow.id,
        nodes: [start, ticket(data)],
        connections: [edge(start.id, "t")],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field: "queue" });
    }
    const ownQueue = await buildQueue(db(), team.company.id);
    const withUser = await post({
      idFlow: flow.id,
      nodes: [start, ticket({ queue: { id: ownQueue.id }, userId: other.user.id })],
      connections: [edge(start.id, "t")],
    });
    expect(withUser.json()).toMatchObject({ error: "ERR_VALIDATION", field: "userId" });

    // Another company's admin cannot write this flow; the graph is as the last save left it.
    const intrusion = await post(
      { idFlow: flow.id, nodes: [start], connections: [] },
      other.adminSession.headers,
    );
    expect(intrusion.statusCode).toBe(404);
    const [after] = await db().select().from(flows).where(eq(flows.id, flow.id));
    expect(after!.nodes).toHaveLength(2);
    expect(before!.nodes).toHaveLength(1);
  });
});

describe("flow uploads", () => {
  const upload = (
    url: string,
    headers: object,
    files: { filename: string; type: string; bytes: Buffer }[],
  ) => {
    const form = multipart([
      ...files.map((f) => ({ name: "medias", ...f })),
      { name: "body", value: "x" },
      { name: "fromMe", value: "true" },
    ]);
    return server.app.inject({
      method: "POST",
      url,
      headers: { ...(headers as Record<string, string>), ...form.headers },
      payload: form.payload,
    });
  };

  it("stores images, audio, video and content files in the company's flow folder and answers their names", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const companyId = team.company.id;

    const img = await upload("/flowbuilder/img", headers, [
      { filename: "foto.png", type: "image/png", bytes: SAMPLE_FILES.png },
    ]);
    expect(img.statusCode, img.body).toBe(200);
    expect(img.headers["content-type"]).toContain("application/json");
    const imgName = img.json() as string;
    expect(imgName).toMatch(/^\d+-[0-9a-f]{24}\.png$/);
    const file = await flowMediaFile(root(), companyId, imgName);
    expect(file).toMatchObject({
      publicPath: `/public/company${companyId}/flow/${imgName}`,
      mimeType: "image/png",
      kind: "image",
      size: SAMPLE_FILES.png.length,
    });
    expect(existsSync(file!.absolutePath)).toBe(true);

    const audio = await upload("/flowbuilder/audio", headers, [
      { filename: "voz.ogg", type: "audio/ogg", bytes: SAMPLE_FILES.ogg },
    ]);
    expect(audio.statusCode, audio.body).toBe(200);
    expect(await flowMediaFile(root(), companyId, audio.json())).toMatchObject({ kind: "audio" });
    const video = await upload("/flowbuilder/audio", headers, [
      { filename: "clip.mp4", type: "video/mp4", bytes: SAMPLE_FILES.mp4 },
    ]);
    expect(await flowMediaFile(root(), companyId, video.json())).toMatchObject({
      kind: "video",
      mimeType: "video/mp4",
    });

    const content = await upload("/flowbuilder/content", headers, [
      { filename: "a.jpg", type: "image/jpeg", bytes: SAMPLE_FILES.jpg },
      { filename: "doc.pdf", type: "application/pdf", bytes: SAMPLE_FILES.pdf },
    ]);
    expect(content.statusCode, content.body).toBe(200);
    const names = content.json() as string[];
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/\.jpg$/);
    expect(await flowMediaFile(root(), companyId, names[1]!)).toMatchObject({ kind: "pdf" });

    // A name resolves only in the company it was stored for, and only in the shape we make.
    const other = await buildTeam(server.app, db());
    expect(await flowMediaFile(root(), other.company.id, imgName)).toBeUndefined();
    for (const name of ["../media/x.png", `../../company${companyId}/flow/${imgName}`, "x.html", ""])
      expect(await flowMediaFile(root(), companyId, name)).toBeUndefined();
  });

  it("refuses other types and sizes above each kind's limit, storing nothing", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const folder = join(root(), `company${team.company.id}`, "flow");
    const files = () => (existsSync(folder) ? readdirSync(folder) : []);

    const refusals: [string, { filename: string; type: string; bytes: Buffer }[]][] = [
      ["/flowbuilder/img", [{ filename: "doc.pdf", type: "image/png", bytes: SAMPLE_FILES.pdf }]],
      ["/flowbuilder/img", [{ filename: "x.svg", type: "image/svg+xml", bytes: SAMPLE_FILES.svg }]],
      ["/flowbuilder/img", [{ filename: "clip.mp4", type: "video/mp4", bytes: SAMPLE_FILES.mp4 }]],
      ["/flowbuilder/audio", [{ filename: "foto.png", type: "audio/ogg", bytes: SAMPLE_FILES.png }]],
      ["/flowbuilder/audio", [{ filename: "voz.webm", type: "audio/webm", bytes: SAMPLE_FILES.webm }]],
      [
        "/flowbuilder/content",
        [
          { filename: "a.png", type: "image/png", bytes: SAMPLE_FILES.png },
          { filename: "a.html", type: "text/html", bytes: SAMPLE_FILES.html },
        ],
      ],
    ];
    for (const [url, parts] of refusals) {
      const res = await upload(url, headers, parts);
      expect(res.statusCode, `${url} ${parts.map((p) => p.filename)}`).toBe(400);
      expect(res.json().error).toBe("ERR_FILE_TYPE_NOT_ALLOWED");
    }

    const padded = (bytes: Buffer, mb: number) => Buffer.concat([bytes, Buffer.alloc(mb * 1024 * 1024)]);
    const tooLarge: [string, { filename: string; type: string; bytes: Buffer }, number][] = [
      ["/flowbuilder/img", { filename: "big.png", type: "image/png", bytes: padded(SAMPLE_FILES.png, 2) }, 2],
      [
        "/flowbuilder/audio",
        { filename: "big.ogg", type: "audio/ogg", bytes: padded(SAMPLE_FILES.ogg, 5) },
        5,
      ],
      [
        "/flowbuilder/content",
        { filename: "big.jpg", type: "image/jpeg", bytes: padded(SAMPLE_FILES.jpg, 2) },
        2,
      ],
    ];
    for (const [url, part, limit] of tooLarge) {
      const res = await upload(url, headers, [part]);
      expect(res.statusCode, `${url} ${part.filename}`).toBe(413);
      expect(res.json()).toMatchObject({
        error: "ERR_FLOW_FILE_TOO_LARGE",
        limit,
        message: `Arquivo é muito grande! ${limit}MB máximo`,
      });
    }
    // The video within 20 MB passes through the audio route though audio's limit is 5 MB.
    const video = await upload("/flowbuilder/audio", headers, [
      { filename: "clip.mp4", type: "video/mp4", bytes: padded(SAMPLE_FILES.mp4, 6) },
    ]);
    expect(video.statusCode, video.body).toBe(200);
    expect(files()).toEqual([video.json()]);

    const none = await upload("/flowbuilder/content", headers, []);
    expect(none.statusCode).toBe(400);
    const notForm = await send("POST", "/flowbuilder/img", headers, { medias: "x" });
    expect(notForm.statusCode).toBe(400);
  });
});
