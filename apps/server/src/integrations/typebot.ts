import type { OutboundHttp, UrlKind } from "./http.js";
import { errorMessageOf, jsonOf } from "./http.js";
import { failure, type ProviderResult, statusFailure, success } from "./result.js";

/**
 * Typebot integrations (spec 3: typebotSlug...) through Typebot's public chat API:
 *
 *   POST {server}/api/v1/typebots/{publicId}/startChat     -> { sessionId, messages, input? }
 *   POST {server}/api/v1/sessions/{sessionId}/continueChat -> { messages, input? }
 *
 * with `message: { type: "text", text }` and `textBubbleContentFormat: "richText"`. The
 * integration's own server URL (urlN8N, typed by the company) goes through OutboundHttp's `user`
 * rules; without one, TYPEBOT_BASE_URL (typebot.io's cloud, the operator's choice). Text bubbles
 * come back flattened to WhatsApp-style text (*bold*, _italic_, ~strike~, links spelled out);
 * media bubbles as their URLs (not fetched here). No `input` in an answer means the flow ended.
 */
export type TypebotMessage =
  | { type: "text"; text: string }
  | { type: "image" | "video" | "audio" | "embed"; url: string };

export interface TypebotInputExpectation {
  /** Typebot's block type: "text input", "choice input", "email input", "number input"... */
  type: string;
  /** The choices of a choice input, in order ([] otherwise). */
  options: string[];
}

export interface TypebotTurn {
  sessionId: string;
  messages: TypebotMessage[];
  /** What the bot waits for next; null when the flow has ended. */
  input: TypebotInputExpectation | null;
}

interface Common {
  /** The integration's own Typebot server (urlN8N); empty or null: TYPEBOT_BASE_URL. */
  serverUrl?: string | null;
  timeoutMs?: number;
  signal?: AbortSignal;
}
export interface TypebotStartInput extends Common {
  /** typebotSlug: the typebot's public id. */
  slug: string;
  /** An answer to the flow's first input, when it starts with one. */
  message?: string;
  /** Values for the typebot's variables (e.g. the contact's name and number). */
  prefilledVariables?: Record<string, string>;
}
export interface TypebotContinueInput extends Common {
  sessionId: string;
  message: string;
}

export class TypebotClient {
  constructor(
    private readonly http: OutboundHttp,
    private readonly defaults: { baseUrl: string; timeoutMs: number },
  ) {}

  start(input: TypebotStartInput): Promise<ProviderResult<TypebotTurn>> {
    const body: Record<string, unknown> = { isStreamEnabled: false, textBubbleContentFormat: "richText" };
    if (input.message) body.message = { type: "text", text: input.message };
    if (input.prefilledVariables) body.prefilledVariables = input.prefilledVariables;
    return this.post(input, `/api/v1/typebots/${encodeURIComponent(input.slug)}/startChat`, body, null);
  }

  next(input: TypebotContinueInput): Promise<ProviderResult<TypebotTurn>> {
    const body = { message: { type: "text", text: input.message }, textBubbleContentFormat: "richText" };
    return this.post(
      input,
      `/api/v1/sessions/${encodeURIComponent(input.sessionId)}/continueChat`,
      body,
      input.sessionId,
    );
  }

  private async post(
    common: Common,
    path: string,
    body: Record<string, unknown>,
    sessionId: string | null,
  ): Promise<ProviderResult<TypebotTurn>> {
    const own = common.serverUrl?.trim();
    const kind: UrlKind = own ? "user" : "operator";
    const base = (own || this.defaults.baseUrl).replace(/\/+$/, "");
    const sent = await this.http.call("typebot", {
      url: `${base}${path}`,
      kind,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      timeoutMs: common.timeoutMs ?? this.defaults.timeoutMs,
      ...(common.signal ? { signal: common.signal } : {}),
    });
    if (!sent.ok) return sent;
    const json = jsonOf(sent.value);
    if (sent.value.status < 200 || sent.value.status >= 300)
      return statusFailure("typebot", sent.value.status, errorMessageOf(json));
    const turn = parseTurn(json, sessionId);
    return turn
      ? success(turn)
      : failure("typebot's answer has no session or messages", false, sent.value.status);
  }
}

/** A startChat or continueChat answer; null when it is not one. */
export function parseTurn(json: unknown, knownSession: string | null): TypebotTurn | null {
  if (!json || typeof json !== "object") return null;
  const { sessionId, messages, input } = json as { sessionId?: unknown; messages?: unknown; input?: unknown };
  const session = typeof sessionId === "string" && sessionId ? sessionId : knownSession;
  if (!session || !Array.isArray(messages)) return null;
  return { sessionId: session, messages: messages.flatMap(bubble), input: expectation(input) };
}

function bubble(raw: unknown): TypebotMessage[] {
  if (!raw || typeof raw !== "object") return [];
  const { type, content } = raw as { type?: unknown; content?: Record<string, unknown> };
  if (type === "text") {
    const text = bubbleText(content).trim();
    return text ? [{ type: "text", text }] : [];
  }
  if (type === "image" || type === "video" || type === "audio" || type === "embed") {
    const url = content?.url;
    return typeof url === "string" && /^https?:\/\//i.test(url) ? [{ type, url }] : [];
  }
  return [];
}

function bubbleText(content: Record<string, unknown> | undefined): string {
  if (!content) return "";
  if (Array.isArray(content.richText)) return content.richText.map((block) => inline(block)).join("\n");
  if (typeof content.markdown === "string") return content.markdown;
  return typeof content.plainText === "string" ? content.plainText : "";
}

interface SlateNode {
  text?: string;
  type?: string;
  url?: string;
  children?: SlateNode[];
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
}

/** One rich-text node as text: leaves with their marks, links with their address, blocks by line. */
function inline(node: unknown): string {
  if (!node || typeof node !== "object") return "";
  const n = node as SlateNode;
  if (typeof n.text === "string") {
    if (!n.text.trim()) return n.text;
    let text = n.text;
    if (n.bold) text = `*${text}*`;
    if (n.italic) text = `_${text}_`;
    if (n.strikethrough) text = `~${text}~`;
    return text;
  }
  const children = (n.children ?? []).map(inline);
  if (n.type === "a" && n.url) {
    const label = children.join("");
    return label && label !== n.url ? `${label} (${n.url})` : n.url;
  }
  if (n.type === "ul" || n.type === "ol") return children.join("\n");
  if (n.type === "li" || n.type === "lic")
    return n.type === "li" ? `• ${children.join("")}` : children.join("");
  return children.join("");
}

function expectation(raw: unknown): TypebotInputExpectation | null {
  if (!raw || typeof raw !== "object") return null;
  const { type, items } = raw as { type?: unknown; items?: unknown };
  if (typeof type !== "string") return null;
  const options = Array.isArray(items)
    ? items
        .map((item) => (item as { content?: unknown } | null)?.content)
        .filter((c): c is string => typeof c === "string" && c.trim() !== "")
    : [];
  return { type, options };
}
