import { PassThrough } from "node:stream";
import Fastify from "fastify";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions, RequestLogsAtDebug, readableLogStream } from "./logging.js";

const terminal = () => Object.assign(new PassThrough(), { isTTY: true }) as unknown as NodeJS.WriteStream;

describe("log output", () => {
  it("JSON lines in production and when stdout is not a terminal; readable lines in a terminal otherwise", () => {
    expect(loggerOptions({ LOG_LEVEL: "info", NODE_ENV: "production" }, terminal()).stream).toBeUndefined();
    const piped = Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.WriteStream;
    expect(loggerOptions({ LOG_LEVEL: "info", NODE_ENV: "development" }, piped).stream).toBeUndefined();
    expect(loggerOptions({ LOG_LEVEL: "debug", NODE_ENV: "development" }, terminal())).toMatchObject({
      level: "debug",
      stream: expect.anything(),
    });
  });

  it("a readable line: time, level, message, fields; an error's stack below it", () => {
    const lines: string[] = [];
    const log = pino(
      { level: "info" },
      readableLogStream((text) => lines.push(text)),
    );
    log.info({ companyId: 7, channel: "whatsapp" }, "session opened");
    log.error({ err: new Error("provider down") }, "send failed");
    log.debug("hidden");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}session opened companyId=7 channel=whatsapp\n$/);
    expect(lines[0]).not.toContain("{");
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d ERROR send failed\n {4}Error: provider down\n {8}at /);
  });

  it("requests are logged at debug only: none at info, one short line each at debug", async () => {
    for (const [level, expected] of [
      ["info", 0],
      ["debug", 2],
    ] as const) {
      const lines: string[] = [];
      const app = Fastify({
        loggerInstance: pino(
          { level },
          readableLogStream((text) => lines.push(text)),
        ),
        logController: new RequestLogsAtDebug(),
      });
      app.get("/version", async () => ({ version: "1" }));
      await app.inject({ url: "/version" });
      await app.inject({ url: "/nowhere" });
      await app.close();
      const requests = lines.filter((line) => / DEBUG request /.test(line));
      expect(
        lines.filter((line) => line.includes("incoming request") || line.includes("request completed")),
      ).toEqual([]);
      expect(requests, level).toHaveLength(expected);
      if (level === "debug")
        expect(requests[0]).toMatch(/DEBUG request reqId=\S+ method=GET url=\/version statusCode=200 ms=\d+/);
    }
  });
});
