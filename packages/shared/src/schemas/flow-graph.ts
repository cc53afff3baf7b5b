import { z } from "zod";

/**
 * The graph a flow is made of (spec 3 section 3: nodes and connections), typed per node. The
 * editor (/flowbuilder/{id}) draws it, `POST /flowbuilder/flow` stores it, flow-check.ts names its
 * problems and flow-interpreter.ts walks it (on the server for contacts, in the editor's test
 * panel for its author). Node data keep unknown keys (the editor's own, such as labels), so a
 * graph saved by a newer editor is never truncated.
 *
 * Handles (the edge's `sourceHandle`), our rule where the spec is silent:
 * - condition: "a" when the comparison holds, "b" otherwise;
 * - randomizer: "a" with `percent` % chance, "b" otherwise;
 * - menu: "a{number}" for the option numbered {number};
 * - every other node has one way out (any handle, usually none).
 */

export const FLOW_INTERVAL_MAX_SECONDS = 120;
export const FLOW_MENU_OPTIONS_MAX = 20;
export const FLOW_TEXT_MAX = 4096;
/** Spec 3 section 9: upload limits in MB and the image compression quality. */
export const FLOW_UPLOAD_LIMITS_MB = { image: 2, audio: 5, video: 20, pdf: 20 } as const;
export const FLOW_IMAGE_QUALITY = 0.7;
export type FlowUploadKind = keyof typeof FLOW_UPLOAD_LIMITS_MB;
/**
 * Spec 3 section 5: the types flow uploads accept, by extension (the server types a file from its
 * bytes; the editor filters its file pickers with these). Opus is an Ogg voice note.
 */
export const FLOW_UPLOAD_EXTENSIONS: Record<FlowUploadKind, readonly string[]> = {
  image: ["png", "jpg", "jpeg"],
  audio: ["ogg", "mp3", "opus"],
  video: ["mp4"],
  pdf: ["pdf"],
};
/** Spec 3 section 9: a new node is placed 40 px to the right of the last one. */
export const FLOW_NEW_NODE_GAP = 40;

/** Spec 3 section 4: condition operators 1 equal, 2 >=, 3 <=, 4 <, 5 >. */
export const FLOW_CONDITION_OPERATORS = { 1: "=", 2: ">=", 3: "<=", 4: "<", 5: ">" } as const;
export type FlowConditionOperator = keyof typeof FLOW_CONDITION_OPERATORS;

const text = z.string().max(FLOW_TEXT_MAX);
const count = z.coerce.number().finite();
/** A stored upload's name as the upload routes answered it (never a URL to fetch). */
const mediaName = z.string().max(500);
const optionalId = z.coerce.number().int().positive().nullable().optional();

export const flowStartData = z.looseObject({});
export const flowMessageData = z.looseObject({ label: text.default("") });
export const flowIntervalData = z.looseObject({ sec: count.default(0) });
export const flowConditionData = z.looseObject({
  key: z.string().max(200).default(""),
  condition: z.coerce.number().int().min(1).max(5).default(1),
  value: z.string().max(1000).default(""),
});
export const flowMenuOption = z.looseObject({
  number: z.coerce.number().int().min(0).max(999),
  value: z.string().max(200),
});
export const flowMenuData = z.looseObject({
  message: text.default(""),
  arrayOption: z.array(flowMenuOption).max(FLOW_MENU_OPTIONS_MAX).default([]),
});
export const flowMediaData = z.looseObject({ url: mediaName.default("") });
export const flowAudioData = z.looseObject({
  url: mediaName.default(""),
  record: z.boolean().default(false),
});
export const flowRandomizerData = z.looseObject({ percent: z.coerce.number().min(0).max(100).default(50) });

/** A content card's item kinds; an item's `number` is its kind and a counter ("message1", "img2"). */
export const FLOW_CONTENT_KINDS = ["message", "interval", "img", "audio", "video", "pdf"] as const;
export type FlowContentKind = (typeof FLOW_CONTENT_KINDS)[number];
export const flowContentElement = z.looseObject({
  number: z.string().max(40),
  /** The text (message), the seconds (interval) or the stored upload's name (media). */
  value: z.string().max(FLOW_TEXT_MAX).default(""),
  /** The file's original name (media), shown to the contact for a pdf. */
  original: z.string().max(255).optional(),
  /** Audio: sent as a voice note (recorded) rather than a file. */
  record: z.boolean().optional(),
});
export type FlowContentElement = z.infer<typeof flowContentElement>;
export const flowContentData = z.looseObject({
  /** The items' `number`s in the order they are sent. */
  seq: z.array(z.string().max(40)).max(50).default([]),
  elements: z.array(flowContentElement).max(50).default([]),
});
/** The ticket node moves the conversation to a queue (the spec's queue data), and to a user when set. */
export const flowTicketData = z.looseObject({
  queue: z
    .looseObject({ id: z.coerce.number().int().positive(), name: z.string().optional() })
    .nullable()
    .optional(),
  userId: optionalId,
});
export const flowIntegrationData = z.looseObject({
  integrationId: optionalId,
  name: z.string().max(200).default("Integração"),
  type: z.string().max(40).default("webhook"),
  description: z.string().max(500).default("Enviar mensagens para sistema externo"),
  webhookUrl: z.string().max(2000).optional(),
  projectName: z.string().max(200).optional(),
});

const position = z.object({ x: z.coerce.number().finite(), y: z.coerce.number().finite() });
const nodeId = z.string().min(1).max(64);
const node = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.looseObject({ id: nodeId, type: z.literal(type), position, data: data.prefault({} as never) });

export const flowGraphNode = z.discriminatedUnion("type", [
  node("start", flowStartData),
  node("message", flowMessageData),
  node("interval", flowIntervalData),
  node("condition", flowConditionData),
  node("menu", flowMenuData),
  node("img", flowMediaData),
  node("audio", flowAudioData),
  node("video", flowMediaData),
  node("randomizer", flowRandomizerData),
  node("singleBlock", flowContentData),
  node("ticket", flowTicketData),
  node("integration", flowIntegrationData),
]);
export type FlowGraphNode = z.infer<typeof flowGraphNode>;
export type FlowGraphNodeOf<T extends FlowGraphNode["type"]> = Extract<FlowGraphNode, { type: T }>;

export const flowGraphEdge = z.looseObject({
  id: z.string().max(200).optional(),
  source: nodeId,
  target: nodeId,
  sourceHandle: z.string().max(64).nullable().optional(),
  targetHandle: z.string().max(64).nullable().optional(),
});
export type FlowGraphEdge = z.infer<typeof flowGraphEdge>;

export const FLOW_GRAPH_MAX_NODES = 500;
export const flowGraph = z.object({
  nodes: z.array(flowGraphNode).max(FLOW_GRAPH_MAX_NODES),
  connections: z.array(flowGraphEdge).max(FLOW_GRAPH_MAX_NODES * 4),
});
export type FlowGraphData = z.infer<typeof flowGraph>;

/** POST /flowbuilder/flow (spec 3 section 7): the editor saves the whole graph of flow idFlow. */
export const flowSaveSchema = flowGraph.extend({ idFlow: z.coerce.number().int().positive() });
export type FlowSaveInput = z.infer<typeof flowSaveSchema>;

/** The handle a menu option leaves by. */
export const menuOptionHandle = (number: number) => `a${number}`;
