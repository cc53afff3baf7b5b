import { describe, expect, it } from "vitest";
import {
  advanceFlow,
  checkFlowGraph,
  conditionHolds,
  type FlowEnvironment,
  type FlowGraphData,
  type FlowPosition,
  flowConditionValues,
  flowGraph,
  flowGraphErrors,
  menuOptionFor,
} from "./index.js";

/** A graph from short node specs, parsed as the server parses a saved one (defaults filled). */
function graph(
  nodes: { id: string; type: string; data?: Record<string, unknown> }[],
  edges: [string, string, string?][],
): FlowGraphData {
  return flowGraph.parse({
    nodes: nodes.map((node, index) => ({ ...node, position: { x: index * 40, y: 0 } })),
    connections: edges.map(([source, target, sourceHandle]) => ({ source, target, sourceHandle })),
  });
}

const env = (values: Record<string, string> = {}, random = 0.5): FlowEnvironment => ({
  value: (key) => values[key],
  random: () => random,
});

const texts = (advance: ReturnType<typeof advanceFlow>) =>
  advance.actions.map((action) => (action.type === "text" ? action.body : action.type));

const welcome = graph(
  [
    { id: "start", type: "start" },
    { id: "hello", type: "message", data: { label: "Olá!" } },
    {
      id: "menu",
      type: "menu",
      data: {
        message: "Escolha",
        arrayOption: [
          { number: 1, value: "Vendas" },
          { number: 2, value: "Suporte" },
        ],
      },
    },
    { id: "wait", type: "interval", data: { sec: 5 } },
    { id: "sales", type: "message", data: { label: "Vendas aqui" } },
    { id: "queue", type: "ticket", data: { queue: { id: 7, name: "Suporte" } } },
  ],
  [
    ["start", "hello"],
    ["hello", "menu"],
    ["menu", "wait", "a1"],
    ["wait", "sales"],
    ["menu", "queue", "a2"],
  ],
);

describe("advanceFlow", () => {
  it("sends until the menu, waits for an answer, repeats the menu on an invalid one", () => {
    const first = advanceFlow(welcome, null, { kind: "start" }, env());
    expect(texts(first)).toEqual(["Olá!", "Escolha\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte"]);
    expect(first.position).toEqual({ nodeId: "menu", item: 0, waiting: "answer" });
    expect(first.visited.map((step) => step.nodeId)).toEqual(["start", "hello", "menu"]);

    const invalid = advanceFlow(welcome, first.position, { kind: "answer", text: "talvez" }, env());
    expect(texts(invalid)).toEqual(["Escolha\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte"]);
    expect(invalid.position).toEqual(first.position);
  });

  it("follows an option by number or by its text, waits on an interval, then goes on with the timer", () => {
    const atMenu = advanceFlow(welcome, null, { kind: "start" }, env()).position;
    const byText = advanceFlow(welcome, atMenu, { kind: "answer", text: " vendas " }, env());
    expect(byText.actions).toEqual([{ type: "wait", nodeId: "wait", seconds: 5 }]);
    expect(byText.position).toEqual({ nodeId: "wait", item: 0, waiting: "timer" });
    expect(advanceFlow(welcome, atMenu, { kind: "answer", text: "1" }, env()).position).toEqual(
      byText.position,
    );

    // A message during the wait changes nothing; the timer goes on and the flow ends after the text.
    const during = advanceFlow(welcome, byText.position, { kind: "answer", text: "oi?" }, env());
    expect(during).toMatchObject({ actions: [], position: byText.position, ended: null });
    const after = advanceFlow(welcome, byText.position, { kind: "timer" }, env());
    expect(texts(after)).toEqual(["Vendas aqui"]);
    expect(after).toMatchObject({ position: null, ended: "end" });
  });

  it("a ticket node moves the conversation to its queue", () => {
    const atMenu = advanceFlow(welcome, null, { kind: "start" }, env()).position;
    const support = advanceFlow(welcome, atMenu, { kind: "answer", text: "2" }, env());
    expect(support.actions).toEqual([{ type: "ticket", nodeId: "queue", queueId: 7, userId: null }]);
    expect(support.ended).toBe("end");
  });

  it("condition and randomizer choose their handle", () => {
    const branching = graph(
      [
        { id: "s", type: "start" },
        { id: "c", type: "condition", data: { key: "idade", condition: 2, value: "18" } },
        { id: "r", type: "randomizer", data: { percent: 30 } },
        { id: "adult-a", type: "message", data: { label: "A" } },
        { id: "adult-b", type: "message", data: { label: "B" } },
        { id: "minor", type: "message", data: { label: "menor" } },
      ],
      [
        ["s", "c"],
        ["c", "r", "a"],
        ["c", "minor", "b"],
        ["r", "adult-a", "a"],
        ["r", "adult-b", "b"],
      ],
    );
    expect(texts(advanceFlow(branching, null, { kind: "start" }, env({ idade: "17" })))).toEqual(["menor"]);
    expect(texts(advanceFlow(branching, null, { kind: "start" }, env({ idade: "18" }, 0.29)))).toEqual(["A"]);
    expect(texts(advanceFlow(branching, null, { kind: "start" }, env({ idade: "40" }, 0.3)))).toEqual(["B"]);
  });

  it("a content card sends its items in order and resumes after its interval item", () => {
    const content = graph(
      [
        { id: "s", type: "start" },
        {
          id: "card",
          type: "singleBlock",
          data: {
            seq: ["message1", "img1", "interval1", "pdf1"],
            elements: [
              { number: "pdf1", value: "abc.pdf", original: "tabela.pdf" },
              { number: "message1", value: "Veja" },
              { number: "interval1", value: "3" },
              { number: "img1", value: "foto.jpg" },
            ],
          },
        },
        { id: "bye", type: "message", data: { label: "Tchau" } },
      ],
      [
        ["s", "card"],
        ["card", "bye"],
      ],
    );
    const first = advanceFlow(content, null, { kind: "start" }, env());
    expect(first.actions).toEqual([
      { type: "text", nodeId: "card", body: "Veja" },
      { type: "media", nodeId: "card", media: "image", name: "foto.jpg" },
      { type: "wait", nodeId: "card", seconds: 3 },
    ]);
    expect(first.position).toEqual({ nodeId: "card", item: 3, waiting: "timer" });
    const rest = advanceFlow(content, first.position, { kind: "timer" }, env());
    expect(rest.actions).toEqual([
      { type: "media", nodeId: "card", media: "document", name: "abc.pdf", filename: "tabela.pdf" },
      { type: "text", nodeId: "bye", body: "Tchau" },
    ]);
    expect(rest.ended).toBe("end");
  });

  it("a cycle without a wait stops at the step cap", () => {
    const loop = graph(
      [
        { id: "s", type: "start" },
        { id: "m", type: "message", data: { label: "spam" } },
      ],
      [
        ["s", "m"],
        ["m", "m"],
      ],
    );
    const run = advanceFlow(loop, null, { kind: "start" }, { ...env(), maxSteps: 10 });
    expect(run.ended).toBe("cap");
    expect(run.actions).toHaveLength(9);
  });

  it("an integration node hands the conversation over and ends the flow", () => {
    const handoff = graph(
      [
        { id: "s", type: "start" },
        { id: "i", type: "integration", data: { integrationId: 3, type: "webhook" } },
        { id: "never", type: "message", data: { label: "não" } },
      ],
      [
        ["s", "i"],
        ["i", "never"],
      ],
    );
    const run = advanceFlow(handoff, null, { kind: "start" }, env());
    expect(run.actions).toEqual([
      { type: "integration", nodeId: "i", integrationId: 3, integrationType: "webhook" },
    ]);
    expect(run.ended).toBe("handoff");
  });

  it("a position on a node the graph no longer has ends the flow; a stale input changes nothing", () => {
    const gone: FlowPosition = { nodeId: "removed", item: 0, waiting: "answer" };
    expect(advanceFlow(welcome, gone, { kind: "answer", text: "1" }, env()).ended).toBe("missing");
    const atMenu = { nodeId: "menu", item: 0, waiting: "answer" } as const;
    expect(advanceFlow(welcome, atMenu, { kind: "timer" }, env())).toMatchObject({
      actions: [],
      position: atMenu,
    });
    expect(advanceFlow(welcome, null, { kind: "answer", text: "oi" }, env())).toMatchObject({
      actions: [],
      position: null,
      ended: null,
    });
  });
});

describe("conditions and menu answers", () => {
  it("compares numbers as numbers and texts case and accents aside", () => {
    expect(conditionHolds("10", 5, "9")).toBe(true);
    expect(conditionHolds("10", 4, "9")).toBe(false);
    expect(conditionHolds("São Paulo", 1, "sao paulo")).toBe(true);
    expect(conditionHolds("abc", 3, "abd")).toBe(true);
    expect(conditionHolds("5", 9, "5")).toBe(false);
  });

  it("a condition's key reads the last message and the contact, case, accents and braces aside", () => {
    const value = flowConditionValues("Sim", { name: "Rita", number: "5511", email: "r@x.com" });
    expect([value("mensagem"), value("{{Nome}}"), value("NÚMERO"), value("email"), value("cidade")]).toEqual([
      "Sim",
      "Rita",
      "5511",
      "r@x.com",
      undefined,
    ]);
  });

  it("takes an option by number, bracketed number or text", () => {
    const data = { message: "m", arrayOption: [{ number: 1, value: "Financeiro" }] };
    expect(menuOptionFor(data, "*[ 1 ]*")?.value).toBe("Financeiro");
    expect(menuOptionFor(data, "FINANCEIRO")?.number).toBe(1);
    expect(menuOptionFor(data, "")).toBeUndefined();
  });
});

describe("checkFlowGraph", () => {
  it("a good flow has no problem", () => {
    expect(checkFlowGraph(welcome)).toEqual([]);
  });

  it("names each problem with its node", () => {
    const bad = graph(
      [
        { id: "m", type: "menu", data: { message: "Escolha" } },
        { id: "i", type: "interval", data: { sec: 121 } },
        { id: "z", type: "interval", data: { sec: 0 } },
        { id: "t", type: "ticket" },
        { id: "g", type: "integration" },
        { id: "v", type: "video" },
        {
          id: "c",
          type: "singleBlock",
          data: { seq: ["interval1"], elements: [{ number: "interval1", value: "0" }] },
        },
      ],
      [["m", "ghost"]],
    );
    const found = checkFlowGraph(bad).map((problem) => `${problem.code}:${problem.nodeId ?? ""}`);
    expect(found).toEqual([
      "noStart:",
      "danglingEdge:m",
      "menuWithoutOptions:m",
      "intervalTooLong:i",
      "intervalEmpty:z",
      "queueMissing:t",
      "integrationMissing:g",
      "emptyCard:v",
      "contentInterval:c",
    ]);
  });

  it("an unreachable node is a warning, not an error", () => {
    const island = graph(
      [
        { id: "s", type: "start" },
        { id: "lonely", type: "message", data: { label: "ninguém chega" } },
      ],
      [],
    );
    expect(checkFlowGraph(island)).toEqual([
      expect.objectContaining({ code: "unreachable", nodeId: "lonely", severity: "warning" }),
    ]);
    expect(flowGraphErrors(island)).toEqual([]);
  });
});
