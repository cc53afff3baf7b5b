import { existsSync, readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectedCompany, eventually, startMetaWorld } from "../../../test/meta.js";
import { messages } from "../../db/schema/index.js";

/**
 * Issue 8 section 2 through the webhook path: a tenant admin chooses what
 * its webhooks carry (it chooses the app secret), so attachment URLs aimed at
 * the server's network must fetch nothing and leak nothing; the message is
 * kept with a visible "media unavailable" state and can be retried.
 */

const SECRET = "internal-service-secret";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

async function listen(handler: (req: IncomingMessage, res: import("node:http").ServerResponse) => void) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? "");
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    hits,
    port,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

let internal: Awaited<ReturnType<typeof listen>>;
let redirector: Awaited<ReturnType<typeof listen>>;
let flaky: Awaited<ReturnType<typeof listen>>;
let world: Awaited<ReturnType<typeof startMetaWorld>>;

beforeAll(async () => {
  // A service on the server's own network (loopback): it must never be reached.
  internal = await listen((_req, res) => res.end(SECRET));
  // An allowed host (listed host:port, standing in for a CDN) that redirects to that service.
  redirector = await listen((_req, res) => {
    res.statusCode = 302;
    res.setHeader("location", `http://127.0.0.1:${internal.port}/admin`);
    res.end();
  });
  // An allowed host that fails once, then serves the file (for the retry).
  let calls = 0;
  flaky = await listen((_req, res) => {
    calls += 1;
    if (calls === 1) {
      res.statusCode = 503;
      return res.end();
    }
    res.setHeader("content-type", "image/png");
    res.end(PNG);
  });
  world = await startMetaWorld({
    // Meta's hosts, two local "CDNs" by host:port, and two non-public addresses an operator listed by
    // name by mistake: the address check refuses those anyway. The sim's host comes from META_GRAPH_URL.
    MEDIA_FETCH_ALLOW_HOSTS: `meta,127.0.0.1:${redirector.port},127.0.0.1:${flaky.port},169.254.169.254,10.20.30.40`,
  });
});
afterAll(async () => {
  await world.close();
  await Promise.all([internal.close(), redirector.close(), flaky.close()]);
});

const db = () => world.server.database.db;
const messagesOf = (companyId: number) =>
  db().select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);
const filesOf = (companyId: number) => {
  const dir = join(world.server.config.dataDir, "public", `company${companyId}`, "media");
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : [];
};

describe("media URLs from webhooks cannot reach the server's network", () => {
  it("loopback, metadata, private and a redirect to loopback: nothing fetched, nothing stored, messages kept unavailable", async () => {
    const account = await connectedCompany(world, "facebook");
    const companyId = account.team.company.id;
    const urls = [
      `http://127.0.0.1:${internal.port}/admin`,
      `http://[::1]:${internal.port}/admin`,
      "https://169.254.169.254/latest/meta-data/iam/security-credentials/",
      "http://169.254.169.254/latest/meta-data/",
      "https://10.20.30.40/internal",
      `http://127.0.0.1:${redirector.port}/cdn/photo.jpg`,
    ];
    for (const [i, url] of urls.entries()) {
      const sent = await world.sim.messenger.attachment(account.accountId, {
        from: `3800${i}`,
        attachmentType: "image",
        url,
      });
      expect(sent.status).toBe(200);
    }
    const rows = await eventually(async () => {
      const found = await messagesOf(companyId);
      return found.length === urls.length ? found : undefined;
    });

    expect(internal.hits).toEqual([]);
    expect(redirector.hits).toEqual(["/cdn/photo.jpg"]);
    expect(filesOf(companyId)).toEqual([]);
    for (const row of rows) {
      expect(row.mediaType).toBe("image");
      expect(row.mediaUrl).toBeNull();
      expect(row.extra).toMatchObject({ mediaError: "ERR_WAPP_DOWNLOAD_MEDIA" });
    }

    // The conversation shows each one as unavailable; nothing of the internal service leaks.
    const list = await world.server.app.inject({
      method: "GET",
      url: `/messages/${rows[0]?.ticketId}`,
      headers: account.team.adminSession.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(SECRET);
    expect(list.body).not.toContain("mediaSource");
    const [shown] = list.json().messages;
    expect(shown).toMatchObject({ mediaUrl: null, mediaError: "ERR_WAPP_DOWNLOAD_MEDIA" });

    // A retry goes through the same checks: refused again, still nothing reached.
    const retry = await world.server.app.inject({
      method: "POST",
      url: `/messages/${rows[5]?.id}/retry-media`,
      headers: account.team.adminSession.headers,
    });
    expect(retry.statusCode).toBe(502);
    expect(retry.json()).toMatchObject({ error: "ERR_WAPP_DOWNLOAD_MEDIA" });
    expect(retry.body).not.toContain(SECRET);
    expect(internal.hits).toEqual([]);
    expect(filesOf(companyId)).toEqual([]);
  });

  it("a good media URL from meta-sim still downloads", async () => {
    const account = await connectedCompany(world, "instagram");
    await world.sim.instagram.attachment(account.accountId, { from: "39001", attachmentType: "image" });
    const [row] = await eventually(async () => {
      const found = await messagesOf(account.team.company.id);
      return found.length === 1 ? found : undefined;
    });
    expect(row?.mediaUrl).toMatch(/^\/public\/company\d+\/media\//);
    expect(row?.extra ?? {}).not.toHaveProperty("mediaError");
    expect(filesOf(account.team.company.id)).toHaveLength(1);
  });

  it("WhatsApp Cloud media still downloads through the Graph media lookup", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    await world.sim.cloud.image(account.accountId, { from: "5511987650001" });
    const [row] = await eventually(async () => {
      const found = await messagesOf(account.team.company.id);
      return found.length === 1 ? found : undefined;
    });
    expect(row?.mediaUrl).toMatch(/^\/public\/company\d+\/media\//);
  });
});

describe("POST /messages/{id}/retry-media", () => {
  it("downloads again a media whose download failed; the message gets its file", async () => {
    const account = await connectedCompany(world, "facebook");
    const companyId = account.team.company.id;
    await world.sim.messenger.attachment(account.accountId, {
      from: "38100",
      attachmentType: "image",
      url: `http://127.0.0.1:${flaky.port}/photo.png`,
    });
    const [failed] = await eventually(async () => {
      const found = await messagesOf(companyId);
      return found.length === 1 ? found : undefined;
    });
    expect(failed).toMatchObject({ mediaUrl: null, extra: { mediaError: "ERR_WAPP_DOWNLOAD_MEDIA" } });

    // An ordinary user of another company cannot retry it.
    const other = await connectedCompany(world, "facebook");
    const foreign = await world.server.app.inject({
      method: "POST",
      url: `/messages/${failed?.id}/retry-media`,
      headers: other.team.adminSession.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const retry = await world.server.app.inject({
      method: "POST",
      url: `/messages/${failed?.id}/retry-media`,
      headers: account.team.adminSession.headers,
    });
    expect(retry.statusCode).toBe(200);
    const body = retry.json();
    expect(body.mediaUrl).toMatch(/\/media\//);
    expect(body).not.toHaveProperty("mediaError");
    const [row] = await messagesOf(companyId);
    expect(row?.mediaUrl).toMatch(/^\/public\/company\d+\/media\//);
    expect(row?.extra ?? {}).not.toHaveProperty("mediaError");
    expect(row?.extra ?? {}).not.toHaveProperty("mediaSource");
    expect(flaky.hits).toHaveLength(2);

    // Nothing left to retry: the message comes back as it is, nothing fetched.
    const again = await world.server.app.inject({
      method: "POST",
      url: `/messages/${failed?.id}/retry-media`,
      headers: account.team.adminSession.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().mediaUrl).toBe(body.mediaUrl);
    expect(flaky.hits).toHaveLength(2);
  });
});
