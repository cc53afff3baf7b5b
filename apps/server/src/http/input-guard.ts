import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error.js";

/**
 * PostgreSQL text cannot hold a NUL character; such input is refused with a
 * clear 400 before any handler sees it, wherever it hides in the request.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    for (const [part, value] of [
      ["params", request.params],
      ["querystring", request.query],
      ["body", request.body],
    ] as const) {
      const path = findNul(value, []);
      if (path) {
        throw new AppError("ERR_VALIDATION", {
          field: path.join(".") || part,
          message: "Invalid character (NUL)",
        });
      }
    }
  });
}

function findNul(value: unknown, path: string[], depth = 0): string[] | undefined {
  if (depth > 20) return undefined;
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (Buffer.isBuffer(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key];
      const found = findNul(item, [...path, key], depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}
