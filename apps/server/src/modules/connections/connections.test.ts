import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQueue, buildTeam, buildUser, login, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { plans, whatsapps } from "../../db/schema/index.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: "https://inbox.example.com" } });
});
afterAll(() => server.close());

const cloudApi = (overrides: Record<string, unknown> = {}) => ({
  name: "Atendimento",
  channel: "whatsappapi",
  // One connection of the platform holds a phone number id (provider-ids.ts): each create its own.
  phoneNumberId: unique("pn"),
  wabaId: "2233445566",
  accessToken: "EAAG-super-secret-token-1234",
  appSecret: "app-secret-value",
  ...overrides,
});

describe("connections", () => {
  it("an admin adds a Cloud API connection: connected, with its webhook URL, secrets never sent back", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const queue = await buildQueue(server.database.db, team.company.id);
    const res = await server.app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: team.adminSession.headers,
      payload: cloudApi({ queueIds: [queue.id] }),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: "Atendimento",
      channel: "whatsappapi",
      status: "CONNECTED",
      isDefault: true,
      accessTokenHint: "…1234",
      appSecretSet: true,
      queues: [{ id: queue.id }],
    });
    expect(body.webhookUrl).toMatch(/^https:\/\/inbox\.example\.com\/webhooks\/meta\/[\w-]{20,}$/);
    expect(body.verifyToken).toMatch(/^\w{24}$/);
    expect(res.body).not.toMatch(/super-secret|app-secret-value/);
    const [row] = await server.database.db.select().from(whatsapps).where(eq(whatsapps.id, body.id));
    expect(row?.token).toMatch(/^[A-Za-z0-9]{30}$/);
  });

  it("keeps stored secrets when an update leaves them empty, and replaces them when given", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const { id } = (
      await server.app.inject({
        method: "POST",
        url: "/whatsapp",
        headers: team.adminSession.headers,
        payload: cloudApi(),
      })
    ).json();
    await server.app.inject({
      method: "PUT",
      url: `/whatsapp/${id}`,
      headers: team.adminSession.headers,
      payload: { name: "Renomeada", accessToken: "" },
    });
    let [row] = await server.database.db.select().from(whatsapps).where(eq(whatsapps.id, id));
    expect(row).toMatchObject({
      name: "Renomeada",
      accessToken: "EAAG-super-secret-token-1234",
      appSecret: "app-secret-value",
    });
    await server.app.inject({
      method: "PUT",
      url: `/whatsapp/${id}`,
      headers: team.adminSession.headers,
      payload: { accessToken: "new-token-9999" },
    });
    [row] = await server.database.db.select().from(whatsapps).where(eq(whatsapps.id, id));
    expect(row?.accessToken).toBe("new-token-9999");
  });

  it("keeps one default connection per company", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const first = (
      await server.app.inject({
        method: "POST",
        url: "/whatsapp",
        headers: team.adminSession.headers,
        payload: cloudApi({ name: "Um" }),
      })
    ).json();
    const second = (
      await server.app.inject({
        method: "POST",
        url: "/whatsapp",
        headers: team.adminSession.headers,
        payload: cloudApi({ name: "Dois", isDefault: true }),
      })
    ).json();
    const list = (
      await server.app.inject({ method: "GET", url: "/whatsapp", headers: team.userSession.headers })
    ).json();
    expect(list.filter((c: { isDefault: boolean }) => c.isDefault).map((c: { id: number }) => c.id)).toEqual([
      second.id,
    ]);
    expect(list.map((c: { id: number }) => c.id).sort()).toEqual([first.id, second.id].sort());
  });

  it("validates with the spec's messages", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const short = await server.app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: team.adminSession.headers,
      payload: cloudApi({ name: "A" }),
    });
    expect(short.json()).toMatchObject({ field: "name", message: "Too Short!" });
    const queueMissing = await server.app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: team.adminSession.headers,
      payload: cloudApi({ timeSendQueue: 5 }),
    });
    expect(queueMissing.json()).toMatchObject({ field: "sendIdQueue", message: "errorSendQueue" });
    await server.app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: team.adminSession.headers,
      payload: cloudApi({ name: "Igual" }),
    });
    const duplicate = await server.app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: team.adminSession.headers,
      payload: cloudApi({ name: "Igual" }),
    });
    expect(duplicate.json()).toMatchObject({ field: "name" });
  });

  it("only admins and users with allowConnections manage connections", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const refused = await server.app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: team.userSession.headers,
      payload: cloudApi(),
    });
    expect(refused.statusCode).toBe(403);
    const allowed = await buildUser(server.database.db, team.company.id, { allowConnections: "enabled" });
    const session = await login(server.app, allowed.email);
    const ok = await server.app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: session.headers,
      payload: cloudApi(),
    });
    expect(ok.statusCode).toBe(201);
    const del = await server.app.inject({
      method: "DELETE",
      url: `/whatsapp/${ok.json().id}`,
      headers: team.userSession.headers,
    });
    expect(del.statusCode).toBe(403);
  });

  it("enforces the plan's connection limit and channel flags", async () => {
    const team = await buildTeam(server.app, server.database.db);
    await server.database.db
      .update(plans)
      .set({ connections: 1, useInstagram: false })
      .where(eq(plans.id, team.company.planId));
    server.app.planFeatures.invalidate(team.company.id);
    const instagram = await server.app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: team.adminSession.headers,
      payload: { name: "Insta", channel: "instagram" },
    });
    expect(instagram.statusCode).toBe(403);
    expect(instagram.json().error).toBe("ERR_PLAN_NO_INSTAGRAM");
    expect(
      (
        await server.app.inject({
          method: "POST",
          url: "/whatsapp",
          headers: team.adminSession.headers,
          payload: cloudApi(),
        })
      ).statusCode,
    ).toBe(201);
    const over = await server.app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: team.adminSession.headers,
      payload: cloudApi({ name: "Outra" }),
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe("ERR_PLAN_CONNECTIONS_LIMIT");
  });

  it("deletes a connection and tells the company", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const { id } = (
      await server.app.inject({
        method: "POST",
        url: "/whatsapp",
        headers: team.adminSession.headers,
        payload: cloudApi(),
      })
    ).json();
    const res = await server.app.inject({
      method: "DELETE",
      url: `/whatsapp/${id}`,
      headers: team.adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: "GET", url: `/whatsapp/${id}`, headers: team.adminSession.headers }))
        .statusCode,
    ).toBe(404);
  });
});
