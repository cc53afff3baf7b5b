import { type MetaSim, startMetaSim } from "@inbox/meta-sim";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServerProcess, stopped } from "./server-process.js";

/**
 * The server is killed (SIGKILL, no shutdown) after answering a webhook and
 * before processing it. Started again, it finds the stored delivery and
 * processes it: the message is there, once.
 */
let sim: MetaSim;
let server: ServerProcess;

beforeAll(async () => {
  sim = await startMetaSim({ port: 0 });
  server = await ServerProcess.create("inbox_crash_test");
});
afterAll(() => sim.close());

describe("crash between accepting a webhook and processing it", () => {
  it("the message is stored once after a restart", async () => {
    // 1. A server that answers webhooks but would process them only a minute later.
    let child = await server.start({ META_GRAPH_URL: sim.url, WEBHOOK_PROCESS_DELAY_MS: "60000" });
    const { token, user } = await server.login();
    const phoneNumberId = String(Date.now());
    const connection = await server.api<{ id: number; verifyToken: string }>("/whatsapp", token, {
      name: `crash-${phoneNumberId}`,
      channel: "whatsappapi",
      phoneNumberId,
      accessToken: "crash-token",
      appSecret: "crash-secret",
    });
    const details = await server.api<{ webhookUrl: string }>(`/whatsapp/${connection.id}`, token);
    sim.registerAccount({
      channel: "whatsappapi",
      accountId: phoneNumberId,
      accessToken: "crash-token",
      appSecret: "crash-secret",
      webhookUrl: details.webhookUrl.replace(/^https?:\/\/[^/]+/, server.url),
    });
    const delivery = await sim.cloud.text(phoneNumberId, {
      from: "5511987654321",
      name: "Sobrevivente",
      body: "antes da queda",
    });
    expect(delivery.status).toBe(200);

    // 2. Killed with no chance to clean up.
    child.kill("SIGKILL");
    await stopped(child);

    // 3. Started again: the boot sweep processes what was accepted.
    child = await server.start({ META_GRAPH_URL: sim.url });
    // The boot sweep opens the contact's ticket; a busy machine may take a while.
    const deadline = Date.now() + 30_000;
    let tickets: unknown[] = [];
    while (tickets.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      ({ tickets } = await server.api<{ tickets: unknown[] }>("/tickets?status=pending&showAll=true", token));
    }
    expect(tickets).toHaveLength(1);
    // The same delivery arriving again (Meta retries) changes nothing; a graceful stop finishes processing it.
    expect((await sim.redeliver(delivery.deliveryId)).status).toBe(200);
    child.kill("SIGTERM");
    await stopped(child);

    const database = await server.openDatabase();
    try {
      const { rows } = await database.sql.query(
        "SELECT body FROM messages WHERE company_id = $1 AND provider_message_id = $2",
        [user.companyId, delivery.providerMessageId],
      );
      expect(rows).toEqual([{ body: "antes da queda" }]);
      const pending = await database.sql.query(
        "SELECT count(*)::int AS n FROM webhook_deliveries WHERE whatsapp_id = $1", // a processed one is deleted
        [connection.id],
      );
      expect(pending.rows[0]).toEqual({ n: 0 });
    } finally {
      await database.close();
    }
  }, 120_000);
});
