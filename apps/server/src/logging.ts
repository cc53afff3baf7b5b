import { inspect } from "node:util";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import type { Config } from "./config.js";

/** Where log lines go and at which level: pino's options for the server's logger and Fastify's. */
export interface LoggerOptions {
  level: string;
  /** Set in a terminal outside production: one readable line per entry instead of JSON. */
  stream?: { write(line: string): void };
}

/**
 * JSON lines (one object per entry) in production and whenever stdout is not a terminal (a log
 * collector reads them); readable lines in a terminal during development (`npm start`).
 */
export function loggerOptions(
  config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">,
  out: NodeJS.WriteStream = process.stdout,
): LoggerOptions {
  if (config.NODE_ENV === "production" || !out.isTTY) return { level: config.LOG_LEVEL };
  return { level: config.LOG_LEVEL, stream: readableLogStream((text) => out.write(text), out.hasColors?.()) };
}

/**
 * Fastify's per-request lines at debug, not info: one short line when a request completes (a
 * 404 too), nothing when it arrives. A request that failed is still logged as an error.
 */
export class RequestLogsAtDebug extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.debug(line, "request");
  }

  /** The 404 has its line from requestCompleted. */
  override routeNotFound(): void {}
}

const LEVELS: Record<number, [name: string, color: string]> = {
  10: ["TRACE", "\x1b[90m"],
  20: ["DEBUG", "\x1b[36m"],
  30: ["INFO ", "\x1b[32m"],
  40: ["WARN ", "\x1b[33m"],
  50: ["ERROR", "\x1b[31m"],
  60: ["FATAL", "\x1b[35m"],
};
/** pino's own fields, shown in the line's head or not at all. */
const HIDDEN = new Set(["level", "time", "pid", "hostname", "msg", "err", "error", "v"]);

/**
 * A tiny pino destination: `12:03:04 INFO  message key=value …`, an error's stack below its line.
 * Lines that are not pino JSON pass through unchanged.
 */
export function readableLogStream(
  write: (text: string) => void,
  colors = false,
): { write(line: string): void } {
  const paint = (color: string, text: string) => (colors ? `${color}${text}\x1b[0m` : text);
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line);
      } catch {
        write(line.endsWith("\n") ? line : `${line}\n`);
        return;
      }
      const [name, color] = LEVELS[entry.level as number] ?? ["LOG  ", ""];
      const time = new Date(typeof entry.time === "number" ? entry.time : Date.now())
        .toISOString()
        .slice(11, 19);
      const fields = Object.entries(entry)
        .filter(([key]) => !HIDDEN.has(key))
        .map(
          ([key, value]) =>
            `${key}=${typeof value === "string" ? value : inspect(value, { breakLength: Infinity, depth: 3 })}`,
        );
      let text = `${paint("\x1b[90m", time)} ${paint(color, name)} ${String(entry.msg ?? "")}`;
      if (fields.length > 0) text += ` ${paint("\x1b[90m", fields.join(" "))}`;
      const err = (entry.err ?? entry.error) as { stack?: string; message?: string } | undefined;
      if (err && typeof err === "object")
        text += `\n    ${(err.stack ?? err.message ?? inspect(err)).replace(/\n/g, "\n    ")}`;
      write(`${text}\n`);
    },
  };
}
