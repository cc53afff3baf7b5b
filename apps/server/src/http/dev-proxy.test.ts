import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { REPO_ROOT } from "../config.js";

/** The Vite dev server (apps/web/vite.config.ts) proxies every API path to the server. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The API_PREFIXES list of the Vite config, read from its source (the config is not importable here). */
function proxiedPrefixes(): string[] {
  const source = readFileSync(join(REPO_ROOT, "apps/web/vite.config.ts"), "utf8");
  const list = /export const API_PREFIXES = \[([\s\S]*?)\];/.exec(source)?.[1];
  if (!list) throw new Error("API_PREFIXES not found in apps/web/vite.config.ts");
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
}

describe("Vite dev proxy", () => {
  it("covers every route the server registers", () => {
    const prefixes = proxiedPrefixes();
    expect(prefixes.length).toBeGreaterThan(10);
    const paths = [...new Set(server.app.routeList.map((r) => r.url))].filter(
      (url) => url !== "/" && url !== "*",
    );
    const missed = paths.filter((path) => !prefixes.some((prefix) => path.startsWith(prefix)));
    expect(missed, "add these paths' prefixes to API_PREFIXES in apps/web/vite.config.ts").toEqual([]);
  });

  it("lists no prefix the server does not serve (besides the stored files)", () => {
    const urls = [...server.app.routeList.map((r) => r.url), "/public/"];
    const unused = proxiedPrefixes().filter((prefix) => !urls.some((url) => url.startsWith(prefix)));
    expect(unused).toEqual([]);
  });
});
