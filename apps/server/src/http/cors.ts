import fastifyCors from "@fastify/cors";
import type { FastifyInstance } from "fastify";

/**
 * CORS for a web app served from another origin (CORS_ORIGINS). Only the listed origins get
 * `Access-Control-Allow-Origin` (with credentials, so the refresh cookie travels); any other
 * origin gets no CORS header and the browser keeps the answer from it. Nothing listed: no CORS
 * at all, the app and the API share one origin.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    maxAge: 600,
  });
}
