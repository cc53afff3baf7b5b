import {
  FLOW_CONTENT_KINDS,
  FLOW_INTERVAL_MAX_SECONDS,
  type FlowContentKind,
  type FlowGraphData,
  type FlowGraphEdge,
  type FlowGraphNode,
} from "./schemas/flow-graph.js";

/**
 * What is wrong with a flow's graph, named per node, before it is saved (issue 13: "saving checks
 * the flow") and again by `POST /flowbuilder/flow`, so the editor and the server agree. Errors stop
 * the save: a flow with them would stall or misroute a contact. Warnings (a node no path reaches)
 * do not: a flow being drawn often has a piece not yet linked.
 *
 * Messages are the spec's where it has one (section 5), ours otherwise; `code` lets the web
 * translate them.
 */

export const FLOW_CHECK_MESSAGES = {
  noStart: "O fluxo precisa de um nó Inicio",
  manyStarts: "O fluxo pode ter apenas um nó Inicio",
  danglingEdge: "Uma conexão aponta para um nó que não existe",
  unreachable: "Nenhum caminho chega a este nó",
  menuWithoutOptions: "O menu precisa de ao menos uma opção",
  emptyMessage: "Campos de mensagem vazio!",
  intervalEmpty: "Adicione o valor de intervalo",
  intervalTooLong: "Máximo de tempo atingido 120 segundos",
  contentInterval: "Intervalo não pode ser 0 ou maior que 120!",
  emptyCard: "Delete os cards vazios(Imagem, Audio e Video)",
  emptyContent: "O conteúdo precisa de ao menos um item",
  queueMissing: "Adicione uma fila",
  integrationMissing: "Selecione uma integração",
  conditionKeyMissing: "Informe a chave da condição",
  duplicateOption: "Duas opções do menu têm o mesmo número",
} as const;
export type FlowCheckCode = keyof typeof FLOW_CHECK_MESSAGES;

export interface FlowProblem {
  code: FlowCheckCode;
  message: string;
  severity: "error" | "warning";
  /** The node concerned (absent for a problem of the whole graph). */
  nodeId?: string;
}

const problem = (code: FlowCheckCode, nodeId?: string, severity: FlowProblem["severity"] = "error") => ({
  code,
  message: FLOW_CHECK_MESSAGES[code],
  severity,
  ...(nodeId ? { nodeId } : {}),
});

/** A content card item's kind, from its `number` ("message1" is a message, "img2" an image). */
export function contentKindOf(number: string): FlowContentKind | undefined {
  const prefix = number.replace(/\d+$/, "");
  return (FLOW_CONTENT_KINDS as readonly string[]).includes(prefix) ? (prefix as FlowContentKind) : undefined;
}

/** A content card's items in their sending order (seq), unknown ids skipped. */
export function contentItems(data: FlowGraphNode["data"] & { seq?: string[]; elements?: unknown[] }) {
  const elements = (data.elements ?? []) as {
    number: string;
    value: string;
    original?: string;
    record?: boolean;
  }[];
  const byNumber = new Map(elements.map((element) => [element.number, element]));
  return (data.seq ?? []).flatMap((number) => {
    const element = byNumber.get(number);
    const kind = contentKindOf(number);
    return element && kind ? [{ ...element, kind }] : [];
  });
}

const validSeconds = (value: unknown) => {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 && seconds <= FLOW_INTERVAL_MAX_SECONDS;
};

function nodeProblems(node: FlowGraphNode): FlowProblem[] {
  const id = node.id;
  switch (node.type) {
    case "message":
      return node.data.label.trim() ? [] : [problem("emptyMessage", id)];
    case "interval": {
      if (!(Number(node.data.sec) > 0)) return [problem("intervalEmpty", id)];
      return node.data.sec > FLOW_INTERVAL_MAX_SECONDS ? [problem("intervalTooLong", id)] : [];
    }
    case "condition":
      return node.data.key.trim() ? [] : [problem("conditionKeyMissing", id)];
    case "menu": {
      const found: FlowProblem[] = [];
      if (!node.data.message.trim()) found.push(problem("emptyMessage", id));
      if (node.data.arrayOption.length === 0) found.push(problem("menuWithoutOptions", id));
      const numbers = node.data.arrayOption.map((option) => option.number);
      if (new Set(numbers).size !== numbers.length) found.push(problem("duplicateOption", id));
      return found;
    }
    case "img":
    case "audio":
    case "video":
      return node.data.url ? [] : [problem("emptyCard", id)];
    case "singleBlock": {
      const items = contentItems(node.data);
      if (items.length === 0) return [problem("emptyContent", id)];
      const found = new Set<FlowCheckCode>();
      for (const item of items) {
        if (item.kind === "message" && !item.value.trim()) found.add("emptyMessage");
        else if (item.kind === "interval" && !validSeconds(item.value)) found.add("contentInterval");
        else if (item.kind !== "message" && item.kind !== "interval" && !item.value) found.add("emptyCard");
      }
      return [...found].map((code) => problem(code, id));
    }
    case "ticket":
      return node.data.queue?.id ? [] : [problem("queueMissing", id)];
    case "integration":
      return node.data.integrationId ? [] : [problem("integrationMissing", id)];
    default:
      return [];
  }
}

/** Every problem of the graph: the whole graph's first, then each node's in the graph's order. */
export function checkFlowGraph(graph: FlowGraphData): FlowProblem[] {
  const found: FlowProblem[] = [];
  const ids = new Set(graph.nodes.map((node) => node.id));
  const starts = graph.nodes.filter((node) => node.type === "start");
  if (starts.length === 0) found.push(problem("noStart"));
  for (const extra of starts.slice(1)) found.push(problem("manyStarts", extra.id));
  for (const edge of graph.connections) {
    if (!ids.has(edge.source) || !ids.has(edge.target))
      found.push(problem("danglingEdge", ids.has(edge.source) ? edge.source : undefined));
  }
  const reached = reachableFrom(graph, starts[0]?.id);
  for (const node of graph.nodes) {
    found.push(...nodeProblems(node));
    if (starts.length > 0 && !reached.has(node.id)) found.push(problem("unreachable", node.id, "warning"));
  }
  return found;
}

export const flowGraphErrors = (graph: FlowGraphData) =>
  checkFlowGraph(graph).filter((found) => found.severity === "error");

/** The edges leaving a node, by handle for the nodes that branch. */
export function edgesFrom(graph: Pick<FlowGraphData, "connections">, nodeId: string): FlowGraphEdge[] {
  return graph.connections.filter((edge) => edge.source === nodeId);
}

/** The node an edge from `nodeId` leads to: through `handle` when given, else the first edge. */
export function nextNodeId(
  graph: Pick<FlowGraphData, "connections">,
  nodeId: string,
  handle?: string,
): string | undefined {
  const edges = edgesFrom(graph, nodeId);
  const edge = handle === undefined ? edges[0] : edges.find((candidate) => candidate.sourceHandle === handle);
  return edge?.target;
}

function reachableFrom(graph: FlowGraphData, startId: string | undefined): Set<string> {
  const reached = new Set<string>();
  const pending = startId ? [startId] : [];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (reached.has(id)) continue;
    reached.add(id);
    for (const edge of edgesFrom(graph, id)) pending.push(edge.target);
  }
  return reached;
}
