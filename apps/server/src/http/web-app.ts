import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built React app. Page routes share paths with the API (/users is
 * both a screen and a resource, as the spec names them), so a GET that asks
 * for HTML is a page load and gets index.html; API calls ask for JSON.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = join(webDist, "index.html");
  if (!existsSync(index)) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: "/",
    wildcard: false,
    index: false,
    decorateReply: true,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET") return;
    const accept = request.headers.accept ?? "";
    if (!accept.includes("text/html")) return;
    const path = request.url.split("?")[0] ?? "/";
    if (path.startsWith("/public/") || path.startsWith("/socket.io") || path.startsWith("/docs")) return;
    if (/\.[a-z0-9]+$/i.test(path) && existsSync(join(webDist, path))) return;
    return reply.header("cache-control", "no-cache").sendFile("index.html", webDist);
  });
  return true;
}
