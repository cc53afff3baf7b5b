import { contentItems, nextNodeId } from "./flow-check.js";
import {
  type FlowConditionOperator,
  type FlowGraphData,
  type FlowGraphNode,
  type FlowGraphNodeOf,
  menuOptionHandle,
} from "./schemas/flow-graph.js";

/**
 * Walks a flow as a contact goes through it (issue 13, "Flow runtime"). Pure: the graph, where
 * the contact stands and what just happened go in; what to do and where the contact stands next
 * come out. The server's automation applies the actions durably (messages stored in the
 * transaction that saves the new position, waits as timer jobs); the editor's test panel shows
 * them. Both therefore walk a flow the same way.
 *
 * Rules (ours where spec 3 is silent, written in docs/FLOWS.md):
 * - message, img, audio, video and the content card's items are sent in order, then the single
 *   way out is followed; a node with no way out ends the flow;
 * - interval (and a content card's interval item) waits its seconds: the walk stops until the
 *   timer input; a contact's message meanwhile is taken as read and changes nothing;
 * - menu sends its text and options and waits; an answer naming an option (its number, or its text
 *   with case and accents aside) follows that option's handle; anything else repeats the menu;
 * - condition compares the value of its key (env.value) with its value: numbers as numbers, other
 *   texts case and accents aside; "a" when it holds, "b" otherwise;
 * - randomizer follows "a" with `percent` % chance, "b" otherwise;
 * - ticket moves the conversation to its queue (and user) and goes on;
 * - integration hands the conversation to the integration: the flow ends there;
 * - at most `maxSteps` nodes per input (a cycle without a wait cannot spam): the flow ends with
 *   reason "cap".
 */

export const FLOW_MAX_STEPS_PER_INPUT = 50;

/** Where a contact stands in a flow: kept in the ticket's automation state between inputs. */
export interface FlowPosition {
  nodeId: string;
  /** In a content card: the index of the next item to send. */
  item: number;
  waiting: "answer" | "timer";
}

export type FlowInput = { kind: "start" } | { kind: "answer"; text: string } | { kind: "timer" };

export type FlowMediaKind = "image" | "audio" | "video" | "document";
export type FlowAction =
  | { type: "text"; nodeId: string; body: string }
  | { type: "media"; nodeId: string; media: FlowMediaKind; name: string; filename?: string; record?: boolean }
  | { type: "wait"; nodeId: string; seconds: number }
  | { type: "ticket"; nodeId: string; queueId: number; userId: number | null }
  | { type: "integration"; nodeId: string; integrationId: number; integrationType: string };

export type FlowEnd = "end" | "handoff" | "cap" | "missing";

export interface FlowAdvance {
  actions: FlowAction[];
  /** The new position; null when the flow ended (see `ended`). */
  position: FlowPosition | null;
  ended: FlowEnd | null;
  /** The nodes gone through, in order (the ticket's history). */
  visited: { nodeId: string; type: FlowGraphNode["type"] }[];
}

export interface FlowEnvironment {
  /** A condition key's value (the contact's last message, name, number, e-mail…); undefined is "". */
  value(key: string): string | undefined;
  /** A number in [0, 1) for the randomizer. */
  random(): number;
  maxSteps?: number;
}

/**
 * What a condition's key reads (docs/FLOWS.md): the contact's last message (mensagem, message,
 * resposta) and the contact's name, number and e-mail, in Portuguese or English; a key is read
 * case and accents aside, with or without braces ({{nome}}). Shared by the server's runtime and
 * the editor's test panel, so a condition holds the same in both.
 */
export function flowConditionValues(
  lastMessage: string,
  contact: { name: string; number: string; email: string },
): FlowEnvironment["value"] {
  const values: Record<string, string> = {
    mensagem: lastMessage,
    message: lastMessage,
    resposta: lastMessage,
    nome: contact.name,
    name: contact.name,
    numero: contact.number,
    number: contact.number,
    email: contact.email,
  };
  return (key) => values[foldText(key).replace(/^\{+|\}+$/g, "")];
}

/** Lower case, accents and surrounding blanks removed: how answers and conditions compare texts. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
}

/** The menu as the contact reads it: its text, then one line per option. */
export function menuText(data: FlowGraphNodeOf<"menu">["data"]): string {
  const options = data.arrayOption.map((option) => `*[ ${option.number} ]* - ${option.value}`);
  return [data.message.trim(), options.join("\n")].filter(Boolean).join("\n\n");
}

/** The option an answer names: its number, or its text. */
export function menuOptionFor(data: FlowGraphNodeOf<"menu">["data"], answer: string) {
  const folded = foldText(answer);
  const digits = folded.replace(/^\*?\[?\s*(\d+)\s*\]?\*?$/, "$1");
  return data.arrayOption.find(
    (option) => String(option.number) === digits || (folded !== "" && foldText(option.value) === folded),
  );
}

const numberOf = (text: string) =>
  /^-?\d+([.,]\d+)?$/.test(text.trim()) ? Number(text.trim().replace(",", ".")) : null;

/** Spec 3 section 4: 1 equal, 2 >=, 3 <=, 4 <, 5 >. */
export function conditionHolds(actual: string, operator: number, expected: string): boolean {
  const a = numberOf(actual);
  const b = numberOf(expected);
  const order =
    a !== null && b !== null
      ? Math.sign(a - b)
      : Math.sign(foldText(actual).localeCompare(foldText(expected)));
  switch (operator as FlowConditionOperator) {
    case 1:
      return order === 0;
    case 2:
      return order >= 0;
    case 3:
      return order <= 0;
    case 4:
      return order < 0;
    case 5:
      return order > 0;
    default:
      return false;
  }
}

const MEDIA_OF = { img: "image", audio: "audio", video: "video", pdf: "document" } as const;

/** One input applied to a contact's position in the flow (null: the flow is not started yet). */
export function advanceFlow(
  graph: FlowGraphData,
  position: FlowPosition | null,
  input: FlowInput,
  env: FlowEnvironment,
): FlowAdvance {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const result: FlowAdvance = { actions: [], position: null, ended: null, visited: [] };
  const maxSteps = env.maxSteps ?? FLOW_MAX_STEPS_PER_INPUT;
  const end = (reason: FlowEnd): FlowAdvance => ({ ...result, position: null, ended: reason });
  const stay = (at: FlowPosition): FlowAdvance => ({ ...result, position: at });

  let current: Cursor | null;
  if (position === null) {
    // Not in a flow: only a start begins one.
    if (input.kind !== "start") return result;
    const start = graph.nodes.find((node) => node.type === "start");
    if (!start) return end("missing");
    current = { node: start, item: 0 };
  } else {
    const node = nodes.get(position.nodeId);
    if (!node) return end("missing");
    // Inputs that do not match what the position waits for change nothing.
    if (input.kind === "start" || (input.kind === "answer") !== (position.waiting === "answer"))
      return stay(position);
    const resumed = resume(node, position, input, result, graph);
    if (resumed === undefined) return stay(position);
    current = resumed;
  }

  let steps = 0;
  while (current) {
    const { node } = current;
    if (current.item === 0) {
      steps += 1;
      if (steps > maxSteps) return end("cap");
      result.visited.push({ nodeId: node.id, type: node.type });
    }
    const outcome = enter(node, current.item, graph, env, result);
    if (outcome.kind === "wait") return stay(outcome.position);
    if (outcome.kind === "end") return end(outcome.reason);
    const next = nodes.get(outcome.nextId ?? "");
    if (!outcome.nextId) return end("end");
    if (!next) return end("missing");
    current = { node: next, item: 0 };
  }
  return end("end");
}

type Cursor = { node: FlowGraphNode; item: number };

type Outcome =
  | { kind: "next"; nextId: string | undefined }
  | { kind: "wait"; position: FlowPosition }
  | { kind: "end"; reason: FlowEnd };

/**
 * Where a waiting position goes on its input: undefined when the answer is not one of the menu's
 * options (the menu is sent again and the position kept), null when the flow ends there.
 */
function resume(
  node: FlowGraphNode,
  position: FlowPosition,
  input: FlowInput,
  result: FlowAdvance,
  graph: FlowGraphData,
): Cursor | null | undefined {
  const nodes = new Map(graph.nodes.map((candidate) => [candidate.id, candidate]));
  const go = (nextId: string | undefined) => {
    const next = nextId ? nodes.get(nextId) : undefined;
    return next ? { node: next, item: 0 } : null;
  };
  if (node.type === "menu" && input.kind === "answer") {
    const option = menuOptionFor(node.data, input.text);
    if (!option) {
      result.actions.push({ type: "text", nodeId: node.id, body: menuText(node.data) });
      return undefined;
    }
    return go(nextNodeId(graph, node.id, menuOptionHandle(option.number)));
  }
  if (node.type === "singleBlock" && position.item < contentItems(node.data).length)
    return { node, item: position.item };
  return go(nextNodeId(graph, node.id));
}

function enter(
  node: FlowGraphNode,
  item: number,
  graph: FlowGraphData,
  env: FlowEnvironment,
  result: FlowAdvance,
): Outcome {
  const id = node.id;
  const next = (handle?: string): Outcome => ({ kind: "next", nextId: nextNodeId(graph, id, handle) });
  switch (node.type) {
    case "start":
      return next();
    case "message":
      result.actions.push({ type: "text", nodeId: id, body: node.data.label });
      return next();
    case "img":
    case "video":
    case "audio":
      result.actions.push({
        type: "media",
        nodeId: id,
        media: MEDIA_OF[node.type],
        name: node.data.url,
        ...(node.type === "audio" ? { record: node.data.record } : {}),
      });
      return next();
    case "interval":
      result.actions.push({ type: "wait", nodeId: id, seconds: node.data.sec });
      return { kind: "wait", position: { nodeId: id, item: 0, waiting: "timer" } };
    case "condition": {
      const holds = conditionHolds(env.value(node.data.key) ?? "", node.data.condition, node.data.value);
      return next(holds ? "a" : "b");
    }
    case "menu":
      result.actions.push({ type: "text", nodeId: id, body: menuText(node.data) });
      return { kind: "wait", position: { nodeId: id, item: 0, waiting: "answer" } };
    case "randomizer":
      return next(env.random() * 100 < node.data.percent ? "a" : "b");
    case "singleBlock": {
      const items = contentItems(node.data);
      for (let index = item; index < items.length; index += 1) {
        const element = items[index] as (typeof items)[number];
        if (element.kind === "interval") {
          result.actions.push({ type: "wait", nodeId: id, seconds: Number(element.value) });
          return { kind: "wait", position: { nodeId: id, item: index + 1, waiting: "timer" } };
        }
        if (element.kind === "message")
          result.actions.push({ type: "text", nodeId: id, body: element.value });
        else
          result.actions.push({
            type: "media",
            nodeId: id,
            media: MEDIA_OF[element.kind],
            name: element.value,
            ...(element.original ? { filename: element.original } : {}),
            ...(element.kind === "audio" ? { record: Boolean(element.record) } : {}),
          });
      }
      return next();
    }
    case "ticket": {
      const queueId = node.data.queue?.id;
      if (queueId)
        result.actions.push({ type: "ticket", nodeId: id, queueId, userId: node.data.userId ?? null });
      return next();
    }
    case "integration": {
      if (!node.data.integrationId) return { kind: "end", reason: "end" };
      result.actions.push({
        type: "integration",
        nodeId: id,
        integrationId: node.data.integrationId,
        integrationType: node.data.type,
      });
      return { kind: "end", reason: "handoff" };
    }
  }
}
