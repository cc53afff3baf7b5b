import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Any, APP_SECRET, CLOUD, type Harness, IG, PAGE, startHarness } from "./test/harness.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

describe("fireLoad", () => {
  it("fires signed webhooks at the asked rate and reports latencies", async () => {
    const result = await h.sim.fireLoad({
      accounts: [CLOUD.accountId, PAGE.accountId, IG.accountId],
      ratePerSecond: 600,
      durationSeconds: 0.5,
      kind: "text",
      contacts: 10,
    });
    expect(result.sent).toBe(300);
    expect(result.ok).toBe(300);
    expect(result.failed).toBe(0);
    expect(h.receiver.counts).toEqual({ ok: 300, rejected: 0 });
    expect(result.p50).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
    expect(result.max).toBeGreaterThanOrEqual(result.p99);
    // Paced, not dumped at once: 300 at 600/s take at least half a second (more on a busy machine).
    expect(result.durationMs).toBeGreaterThan(490);
    expect(result.achievedRate).toBeLessThanOrEqual(610);
    expect(result.achievedRate).toBeCloseTo((result.sent / result.durationMs) * 1000, 0);
    // Not recorded as ordinary deliveries.
    expect(h.sim.deliveries).toHaveLength(0);

    // The bodies are real envelopes with unique ids and the right timestamp types.
    const byPath = (path: string) =>
      h.receiver.received.filter((r) => r.path === path).map((r) => r.json as Any);
    const cloud = byPath("/webhooks/whatsappapi");
    expect(cloud).toHaveLength(100);
    const message = cloud[0].entry[0].changes[0].value.messages[0];
    expect(message).toMatchObject({ type: "text", id: expect.stringMatching(/^wamid\./) });
    expect(message.timestamp).toMatch(/^\d{10}$/);
    expect(new Set(cloud.map((p) => p.entry[0].changes[0].value.messages[0].id)).size).toBe(100);
    const page = byPath("/webhooks/facebook")[0].entry[0].messaging[0];
    expect(typeof page.timestamp).toBe("number");
    expect(page.message.mid).toMatch(/^m_/);
    expect(byPath("/webhooks/instagram")[0].object).toBe("instagram");
  });

  it("writes from the contacts after firstContact", async () => {
    await h.sim.fireLoad({
      accounts: [CLOUD.accountId],
      ratePerSecond: 200,
      durationSeconds: 0.05,
      kind: "text",
      contacts: 5,
      firstContact: 1000,
    });
    const senders = h.receiver.received.map(
      (r) => (r.json as Any).entry[0].changes[0].value.messages[0].from as string,
    );
    expect(senders).toHaveLength(10);
    expect(new Set(senders)).toEqual(
      new Set(["5511900001000", "5511900001001", "5511900001002", "5511900001003", "5511900001004"]),
    );
  });

  it("counts refused deliveries as failed", async () => {
    h.sim.registerAccount({
      channel: "whatsappapi",
      accountId: "bad-secret",
      accessToken: "t",
      appSecret: `${APP_SECRET}-wrong`,
      webhookUrl: `${h.receiver.url}/webhooks/x`,
    });
    const result = await h.sim.fireLoad({
      accounts: ["bad-secret"],
      ratePerSecond: 200,
      durationSeconds: 0.1,
      kind: "text",
    });
    expect(result).toMatchObject({ sent: 20, ok: 0, failed: 20 });
  });
});

describe("prepareLoad", () => {
  it("builds every request first, then sends each once with its send time", async () => {
    const load = h.sim.prepareLoad({
      accounts: [CLOUD.accountId],
      ratePerSecond: 400,
      durationSeconds: 0.05,
      kind: "text",
    });
    expect(load.total).toBe(20);
    expect(load.sentAt.buffer).toBeInstanceOf(SharedArrayBuffer);
    // Nothing leaves before fire().
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.receiver.received).toHaveLength(0);
    const before = Date.now();
    expect(await load.fire()).toMatchObject({ sent: 20, ok: 20, failed: 0 });
    expect(() => load.fire()).toThrow(/fires once/);

    const bodies = h.receiver.received.map(
      (r) => (r.json as Any).entry[0].changes[0].value.messages[0].text.body as string,
    );
    expect(bodies.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `load ${i}`).sort());
    for (const at of load.sentAt) expect(at).toBeGreaterThanOrEqual(before);
    expect([...load.sentAt]).toEqual([...load.sentAt].sort((a, b) => a - b));
  });
});

describe("fireLoad's connections", () => {
  /** A webhook endpoint whose answer to the nth request (from 1) `answer` decides. */
  async function endpoint(answer: (n: number, req: http.IncomingMessage, res: http.ServerResponse) => void) {
    let n = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => answer(++n, req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const accountId = `endpoint-${(server.address() as AddressInfo).port}`;
    h.sim.registerAccount({
      channel: "whatsappapi",
      accountId,
      accessToken: "t",
      appSecret: APP_SECRET,
      webhookUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    });
    servers.push(server);
    return { accountId, server };
  }
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("keeps one request in flight per connection, at most maxSockets, and queues the rest", async () => {
    let inFlight = 0;
    let most = 0;
    const { accountId, server } = await endpoint((_, __, res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        res.end("EVENT_RECEIVED");
      }, 20);
    });
    const connections = new Set<unknown>();
    server.on("connection", (socket) => connections.add(socket));
    const result = await h.sim.fireLoad({
      accounts: [accountId],
      ratePerSecond: 400,
      durationSeconds: 0.1,
      kind: "text",
      maxSockets: 2,
    });
    expect(result).toMatchObject({ sent: 40, ok: 40, failed: 0 });
    expect(connections.size).toBe(2);
    expect(most).toBe(2);
    // Queued requests wait for a connection: their latency counts the wait.
    expect(result.max).toBeGreaterThan(100);
  });

  it("reads chunked answers and answers that close their connection", async () => {
    const { accountId, server } = await endpoint((n, _, res) => {
      if (n % 3 === 0) res.setHeader("connection", "close");
      if (n % 2 === 0) res.write("EVENT_");
      res.end("RECEIVED");
    });
    const connections = new Set<unknown>();
    server.on("connection", (socket) => connections.add(socket));
    const result = await h.sim.fireLoad({
      accounts: [accountId],
      ratePerSecond: 300,
      durationSeconds: 0.1,
      kind: "text",
    });
    expect(result).toMatchObject({ sent: 30, ok: 30, failed: 0 });
    // Every third answer closed its connection; the next request opened another.
    expect(connections.size).toBeGreaterThanOrEqual(10);
  });

  it("counts a request whose connection the server drops as failed, and goes on", async () => {
    const { accountId } = await endpoint((n, req, res) => {
      if (n % 4 === 0) req.socket.destroy();
      else res.writeHead(n % 5 === 0 ? 500 : 200).end();
    });
    const result = await h.sim.fireLoad({
      accounts: [accountId],
      ratePerSecond: 400,
      durationSeconds: 0.1,
      kind: "text",
    });
    // 40 requests: 10 dropped (every 4th), 6 answered 500 (every 5th but not 20th or 40th).
    expect(result).toMatchObject({ sent: 40, ok: 24, failed: 16 });
  });
});
