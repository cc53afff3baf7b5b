import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";
import type { FastifyInstance } from "fastify";

/**
 * JSON answers this long or longer are gzipped for clients that accept it. Below it the
 * answer fits in a few TCP segments and compressing would cost more than it saves.
 */
export const COMPRESS_JSON_MIN_BYTES = 16 * 1024;

const gzipAsync = promisify(gzip);

/**
 * Gzips large JSON answers (the panels and lists: GET /usersMoments answers about 370 KB, 20 KB
 * gzipped) for clients that accept it, as a reverse proxy would, so a browser on a real network
 * gets the panel in a twentieth of the bytes. Its price is CPU: about 2.5 ms for that answer at
 * the fastest level, which on the loopback benchmark (bench/README.md, moments) shows as a few ms
 * more server CPU per request. Only JSON strings are touched: files, downloads, streams and
 * ranges keep their own headers and bodies.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" || payload.length < COMPRESS_JSON_MIN_BYTES) return payload;
    if (!String(reply.getHeader("content-type") ?? "").startsWith("application/json")) return payload;
    const vary = reply.getHeader("vary");
    reply.header("vary", vary ? `${String(vary)}, accept-encoding` : "accept-encoding");
    if (!acceptsGzip(request.headers["accept-encoding"])) return payload;
    reply.header("content-encoding", "gzip");
    reply.removeHeader("content-length");
    return gzipAsync(payload, { level: constants.Z_BEST_SPEED });
  });
}

/**
 * Whether an Accept-Encoding header allows gzip: `gzip` (or `x-gzip`) named with a weight above 0,
 * or, when it is not named, `*` with a weight above 0.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  const weights = new Map<string, number>();
  for (const part of value.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    weights.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const named = weights.get("gzip") ?? weights.get("x-gzip");
  return (named ?? weights.get("*") ?? 0) > 0;
}
