import type { AddressInfo } from "node:net";
import { type MetaSim, startMetaSim } from "@inbox/meta-sim";
import { eq } from "drizzle-orm";
import { whatsapps } from "../src/db/schema/index.js";
import { buildTeam, unique } from "./factories.js";
import { startTestServer, type TestServer } from "./harness.js";

/**
 * A real server listening on a port, and meta-sim in front of it as Meta:
 * the server's Graph calls go to the sim, the sim's webhooks come to the server.
 */
export async function startMetaWorld(env: Record<string, string> = {}): Promise<{
  server: TestServer;
  sim: MetaSim;
  baseUrl: string;
  close(): Promise<void>;
}> {
  const sim = await startMetaSim({ port: 0, host: "127.0.0.1" });
  const server = await startTestServer({
    env: { META_GRAPH_URL: sim.url, META_GRAPH_VERSION: sim.graphVersion, ...env },
  });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  return {
    server,
    sim,
    baseUrl,
    async close() {
      await server.close();
      await sim.close();
    },
  };
}

export type MetaChannel = "whatsappapi" | "facebook" | "instagram";

/** A company with a connection of `channel`, created through the API and registered in the sim. */
export async function connectedCompany(
  world: Awaited<ReturnType<typeof startMetaWorld>>,
  channel: MetaChannel,
) {
  const { server, sim, baseUrl } = world;
  const team = await buildTeam(server.app, server.database.db);
  const accountId = String(Math.floor(Math.random() * 1e12));
  const accessToken = unique("token");
  const appSecret = unique("secret");
  const ids =
    channel === "whatsappapi"
      ? { phoneNumberId: accountId }
      : channel === "instagram"
        ? { instagramId: accountId, pageId: unique("p") }
        : { pageId: accountId };
  const res = await server.app.inject({
    method: "POST",
    url: "/whatsapp",
    headers: team.adminSession.headers,
    payload: { name: unique("conn"), channel, accessToken, appSecret, ...ids },
  });
  if (res.statusCode !== 201) throw new Error(`connection: ${res.statusCode} ${res.body}`);
  const connection = res.json() as { id: number; verifyToken: string };
  const [row] = await server.database.db.select().from(whatsapps).where(eq(whatsapps.id, connection.id));
  const webhookUrl = `${baseUrl}/webhooks/meta/${row?.webhookKey}`;
  sim.registerAccount({
    channel,
    accountId,
    accessToken,
    appSecret,
    webhookUrl,
    verifyToken: connection.verifyToken,
  });
  return {
    team,
    accountId,
    connectionId: connection.id,
    webhookUrl,
    verifyToken: connection.verifyToken,
    appSecret,
  };
}

/**
 * Resolves once the server has nothing left to do on its own in this process: the webhooks it
 * accepted processed, no automation run queued or in flight, no send loop running. In this order
 * because each starts the next (ingest notifies the automation before its batch ends; a run
 * dispatches its messages before it ends; a send returns once Meta answered). After it, meta-sim
 * holds every send the server will make until the next request, timer or sweep: the way to show
 * that nothing more was sent, without sleeping.
 */
export async function untilIdle(world: Awaited<ReturnType<typeof startMetaWorld>>): Promise<void> {
  const { webhooks, automation, outbound } = world.server;
  await webhooks.idle();
  await automation.idle();
  await outbound.idle();
}

/** Waits until `check` holds (processing happens after the webhook's 200). */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 5000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}
