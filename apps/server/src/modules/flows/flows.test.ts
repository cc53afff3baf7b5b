import {
  FLOW_MESSAGES,
  FLOW_NODE_ID_LENGTH,
  FLOW_PAGE_SIZE,
  type FlowDto,
  type FlowPage,
  type FlowShow,
} from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTeam, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { flows } from "../../db/schema/index.js";

/** Flow list and its CRUD (spec 3 /flowbuilders: sections 2, 3, 5 to 7) against the real database. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: unknown) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });

describe("/flowbuilder", () => {
  it("creates a flow with the default graph (one start node), renames, shows and deletes it", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const created = await send("POST", "/flowbuilder", headers, { name: "  Boas-vindas  " });
    expect(created.statusCode).toBe(201);
    const flow = created.json() as FlowDto;
    expect(flow).toMatchObject({ name: "Boas-vindas", active: true, companyId: team.company.id });

    const shown = await send("GET", `/flowbuilder/flow/${flow.id}`, headers);
    expect(shown.statusCode).toBe(200);
    const graph = (shown.json() as FlowShow).flow.flow;
    expect(graph.connections).toEqual([]);
    expect(graph.nodes).toHaveLength(1);
    expect(graph.nodes[0]!.type).toBe("start");
    expect(graph.nodes[0]!.id).toMatch(new RegExp(`^[A-Za-z0-9]{${FLOW_NODE_ID_LENGTH}}$`));

    const renamed = await send("PUT", "/flowbuilder", headers, { flowId: flow.id, name: "Atendimento" });
    expect(renamed.statusCode).toBe(200);
    expect((renamed.json() as FlowDto).name).toBe("Atendimento");
    const [row] = await db().select().from(flows).where(eq(flows.id, flow.id));
    expect(row!.name).toBe("Atendimento");
    expect(row!.nodes).toEqual(graph.nodes);

    // A plain user may use the flow builder too (spec 3 section 6 does not restrict it).
    const list = await send("GET", "/flowbuilder", team.userSession.headers);
    expect(list.statusCode).toBe(200);
    expect((list.json() as FlowPage).flows.map((f) => f.name)).toEqual(["Atendimento"]);

    expect((await send("DELETE", `/flowbuilder/${flow.id}`, headers)).statusCode).toBe(200);
    expect((await send("GET", `/flowbuilder/flow/${flow.id}`, headers)).statusCode).toBe(404);
    expect((await send("DELETE", `/flowbuilder/${flow.id}`, headers)).statusCode).toBe(404);
    expect(await db().select().from(flows).where(eq(flows.id, flow.id))).toEqual([]);
  });

  it("refuses names outside 2 to 50 characters with the spec's messages", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const cases: [unknown, string][] = [
      [undefined, FLOW_MESSAGES.required],
      ["   ", FLOW_MESSAGES.required],
      ["a", FLOW_MESSAGES.tooShort],
      ["x".repeat(51), FLOW_MESSAGES.tooLong],
    ];
    for (const [name, message] of cases) {
      const answer = await send("POST", "/flowbuilder", headers, { name });
      expect(answer.statusCode, String(name)).toBe(400);
      expect(answer.body).toContain(message);
    }
    expect((await send("POST", "/flowbuilder", headers, { name: "x".repeat(50) })).statusCode).toBe(201);
    expect((await send("POST", "/flowbuilder", headers, { name: "ab" })).statusCode).toBe(201);
  });

  it("pages by name, each flow once across pages, and searches by name", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const tag = unique("fluxo");
    const total = FLOW_PAGE_SIZE * 2 + 3;
    // Equal names too: the id breaks ties, so a page boundary never repeats or skips one.
    await db()
      .insert(flows)
      .values(
        Array.from({ length: total }, (_, i) => ({
          companyId: team.company.id,
          name: `${tag}-${String(Math.floor(i / 3)).padStart(2, "0")}`,
        })),
      );
    const seen: number[] = [];
    const names: string[] = [];
    let hasMore = true;
    for (let page = 1; hasMore; page++) {
      const answer = (await send("GET", `/flowbuilder?pageNumber=${page}`, headers)).json() as FlowPage;
      expect(answer.count).toBe(total);
      seen.push(...answer.flows.map((f) => f.id));
      names.push(...answer.flows.map((f) => f.name));
      hasMore = answer.hasMore;
      expect(page).toBeLessThan(10);
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(names).toEqual([...names].sort());

    const found = (await send("GET", `/flowbuilder?searchParam=${tag}-01`, headers)).json() as FlowPage;
    expect(found.flows.map((f) => f.name)).toEqual([`${tag}-01`, `${tag}-01`, `${tag}-01`]);
    expect(found.hasMore).toBe(false);
    const none = (await send("GET", "/flowbuilder?searchParam=%25", headers)).json() as FlowPage;
    expect(none.flows).toEqual([]);
  });

  it("duplicates a flow with its nodes, connections and active flag", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const nodes = [
      { id: "a".repeat(30), type: "start", position: { x: 1, y: 2 }, data: { label: "Início" } },
      { id: "b".repeat(30), type: "message", position: { x: 300, y: 2 }, data: { label: "Olá!" } },
    ];
    const connections = [{ source: "a".repeat(30), target: "b".repeat(30), id: "e1" }];
    const [source] = await db()
      .insert(flows)
      .values({ companyId: team.company.id, name: "Original", active: false, nodes, connections })
      .returning();
    const answer = await send("POST", "/flowbuilder/duplicate", headers, { flowId: source!.id });
    expect(answer.statusCode).toBe(201);
    const copy = answer.json() as FlowDto;
    expect(copy.id).not.toBe(source!.id);
    expect(copy).toMatchObject({ name: "Original", active: false });
    const shown = (await send("GET", `/flowbuilder/flow/${copy.id}`, headers)).json() as FlowShow;
    expect(shown.flow.flow).toEqual({ nodes, connections });
    // The copy is its own: deleting the source leaves it.
    await send("DELETE", `/flowbuilder/${source!.id}`, headers);
    expect((await send("GET", `/flowbuilder/flow/${copy.id}`, headers)).statusCode).toBe(200);
  });

  it("answers 404 for another company's flow and leaves it unchanged", async () => {
    const owner = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const [theirs] = await db()
      .insert(flows)
      .values({ companyId: owner.company.id, name: "Segredo", nodes: [{ id: "n" }] })
      .returning();
    const headers = other.adminSession.headers;
    const id = theirs!.id;
    expect((await send("GET", `/flowbuilder/flow/${id}`, headers)).statusCode).toBe(404);
    expect((await send("PUT", "/flowbuilder", headers, { flowId: id, name: "Meu" })).statusCode).toBe(404);
    expect((await send("POST", "/flowbuilder/duplicate", headers, { flowId: id })).statusCode).toBe(404);
    expect((await send("DELETE", `/flowbuilder/${id}`, headers)).statusCode).toBe(404);
    const list = (await send("GET", "/flowbuilder?searchParam=Segredo", headers)).json() as FlowPage;
    expect(list.flows).toEqual([]);
    const [row] = await db().select().from(flows).where(eq(flows.id, id));
    expect(row).toEqual(theirs);
    const mine = await db().select().from(flows).where(eq(flows.companyId, other.company.id));
    expect(mine).toEqual([]);
  });

  it("announces create, update, duplicate and delete on company-{id}-flowbuilder", async () => {
    const team = await buildTeam(server.app, db());
    const headers = team.adminSession.headers;
    const emit = vi.spyOn(server.realtime, "toCompany");
    try {
      const created = (await send("POST", "/flowbuilder", headers, { name: "Ao vivo" })).json() as FlowDto;
      await send("PUT", "/flowbuilder", headers, { flowId: created.id, name: "Ao vivo 2" });
      await send("POST", "/flowbuilder/duplicate", headers, { flowId: created.id });
      await send("DELETE", `/flowbuilder/${created.id}`, headers);
      const mine = emit.mock.calls.filter(
        ([companyId, topic]) => topic === "flowbuilder" && companyId === team.company.id,
      );
      expect(mine.map(([, , payload]) => (payload as { action: string }).action)).toEqual([
        "create",
        "update",
        "create",
        "delete",
      ]);
      expect(mine[3]![2]).toEqual({ action: "delete", flowId: created.id });
    } finally {
      emit.mockRestore();
    }
  });
});
