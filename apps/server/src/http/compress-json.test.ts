import { gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { acceptsGzip, COMPRESS_JSON_MIN_BYTES, registerJsonCompression } from "./compress-json.js";

async function appWithAnswers() {
  const app = Fastify();
  registerJsonCompression(app);
  const big = { items: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `Cliente ${i}` })) };
  app.get("/big", async () => big);
  app.get("/small", async () => ({ ok: true }));
  app.get("/text", async (_req, reply) =>
    reply.type("text/plain").send("x".repeat(COMPRESS_JSON_MIN_BYTES * 2)),
  );
  await app.ready();
  return { app, big };
}

describe("JSON compression", () => {
  it("gzips a large JSON answer for a client that accepts gzip, and the body decodes to the same JSON", async () => {
    const { app, big } = await appWithAnswers();
    const res = await app.inject({ url: "/big", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toContain("accept-encoding");
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString("utf8"))).toEqual(big);
    await app.close();
  });

  it("leaves alone clients without gzip, small answers and answers that are not JSON", async () => {
    const { app, big } = await appWithAnswers();
    const plain = await app.inject({ url: "/big" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual(big);
    const refused = await app.inject({ url: "/big", headers: { "accept-encoding": "gzip;q=0, *" } });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    const small = await app.inject({ url: "/small", headers: { "accept-encoding": "gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    const text = await app.inject({ url: "/text", headers: { "accept-encoding": "gzip" } });
    expect(text.headers["content-encoding"]).toBeUndefined();
    await app.close();
  });

  it("reads Accept-Encoding weights", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("deflate, gzip;q=0.5")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip(["deflate", "gzip"])).toBe(true);
  });
});
