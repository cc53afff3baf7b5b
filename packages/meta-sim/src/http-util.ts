import type { IncomingMessage, ServerResponse } from "node:http";

export class BodyTooLargeError extends Error {}

export async function readBody(req: IncomingMessage, limit = 64 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError("request body too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    "content-type": "application/json; charset=UTF-8",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}

export function sendBytes(res: ServerResponse, status: number, bytes: Buffer, contentType: string): void {
  res.writeHead(status, { "content-type": contentType, "content-length": bytes.length });
  res.end(bytes);
}

/** Parses a JSON or urlencoded body into an object; undefined when it is neither. */
export function parseBody(raw: Buffer, contentType: string | undefined): Record<string, unknown> | undefined {
  const text = raw.toString("utf8");
  if (contentType?.includes("application/x-www-form-urlencoded")) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      // Graph accepts JSON-encoded values in form fields (e.g. recipient={"id":"1"}).
      out[key] = /^[[{]/.test(value) ? tryJson(value) : value;
    }
    return out;
  }
  if (text.trim() === "") return {};
  const parsed = tryJson(text);
  return parsed && typeof parsed === "object" && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Bearer token from the Authorization header or Graph's `access_token` query parameter. */
export function bearerToken(req: IncomingMessage, query: URLSearchParams): string | undefined {
  const header = req.headers.authorization;
  if (header?.toLowerCase().startsWith("bearer ")) return header.slice(7).trim();
  if (header?.toLowerCase().startsWith("oauth ")) return header.slice(6).trim();
  return query.get("access_token") ?? undefined;
}
