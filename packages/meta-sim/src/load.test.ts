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
