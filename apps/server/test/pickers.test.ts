import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildConnection, buildQueue, buildTeam } from "./factories.js";
import { startTestServer, type TestServer } from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("pickers: GET /queue and GET /whatsapp", () => {
  it("list only the company's own queues and connections, without connection secrets", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const other = await buildCompany(server.database.db);
    const second = await buildQueue(server.database.db, team.company.id, { name: "Vendas", orderQueue: 2 });
    const first = await buildQueue(server.database.db, team.company.id, { name: "Suporte", orderQueue: 1 });
    await buildQueue(server.database.db, other.id);
    const mine = await buildConnection(server.database.db, team.company.id, {
      channel: "whatsappapi",
      accessToken: "EAAG-secret-token",
      appSecret: "app-secret-value",
      verifyToken: "verify-me",
    });
    await buildConnection(server.database.db, other.id);

    const queues = await server.app.inject({
      method: "GET",
      url: "/queue",
      headers: team.userSession.headers,
    });
    expect(queues.json().map((q: { id: number }) => q.id)).toEqual([first.id, second.id]);

    const connections = await server.app.inject({
      method: "GET",
      url: "/whatsapp?session=0",
      headers: team.userSession.headers,
    });
    expect(connections.statusCode).toBe(200);
    expect(connections.json()).toEqual([expect.objectContaining({ id: mine.id, channel: "whatsappapi" })]);
    expect(connections.body).not.toMatch(/EAAG-secret-token|app-secret-value|verify-me/);
  });
});
