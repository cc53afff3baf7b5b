import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildConnection,
  buildContact,
  buildQueue,
  buildTeam,
  buildTicket,
  buildUser,
  login,
  type Session,
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { tickets, userQueues } from "../../db/schema/index.js";

/**
 * Random lifecycle requests from several attendants: never a 500, errors
 * always `{ error, message }`, and the tickets keep the lifecycle's
 * invariants (an attended ticket has a user, a closed one its closedAt, at
 * most one non-closed ticket per contact and connection).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

describe("lifecycle fuzz", () => {
  it("random PUT /tickets/{id}, POST /tickets and closeAll keep the invariants", async () => {
    const team = await buildTeam(server.app, db());
    const c = team.company.id;
    const queues = [await buildQueue(db(), c), await buildQueue(db(), c)];
    const connection = await buildConnection(db(), c);
    const contacts = [await buildContact(db(), c), await buildContact(db(), c)];
    const users = [
      await buildUser(db(), c),
      await buildUser(db(), c, { userClosePendingTicket: "disabled" }),
    ];
    await db()
      .insert(userQueues)
      .values(users.map((u, i) => ({ companyId: c, userId: u.id, queueId: queues[i % 2]!.id })));
    const sessions: Session[] = [
      team.adminSession,
      ...(await Promise.all(users.map((u) => login(server.app, u.email)))),
    ];
    const ids = [];
    for (const contact of contacts)
      ids.push(
        (
          await buildTicket(db(), c, {
            contactId: contact.id,
            whatsappId: connection.id,
            queueId: queues[0]!.id,
          })
        ).id,
      );

    const userIds = [null, team.admin.id, ...users.map((u) => u.id), 2_147_483_647];
    const queueIds = [null, ...queues.map((q) => q.id), 2_147_483_647];
    const updateBody = fc.record(
      {
        status: fc.constantFrom("open", "pending", "closed", "group", "lgpd", "bogus"),
        userId: fc.constantFrom(...userIds),
        queueId: fc.constantFrom(...queueIds),
        isTransfered: fc.boolean(),
        sendFarewellMessage: fc.boolean(),
        amountUsedBotQueues: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.constant(2 ** 40)),
        useIntegration: fc.anything(),
        msgTransfer: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(null)),
      },
      { requiredKeys: [] },
    );
    const request = fc.oneof(
      fc.record({
        kind: fc.constant("update" as const),
        ticket: fc.constantFrom(...ids, 2_147_483_647),
        session: fc.nat({ max: sessions.length - 1 }),
        body: fc.oneof(updateBody, fc.anything()),
      }),
      fc.record({
        kind: fc.constant("create" as const),
        session: fc.nat({ max: sessions.length - 1 }),
        body: fc.record(
          {
            contactId: fc.constantFrom(...contacts.map((x) => x.id), 2_147_483_647, -1),
            whatsappId: fc.constantFrom(connection.id, 2_147_483_647),
            queueId: fc.constantFrom(...queueIds),
            userId: fc.constantFrom(...userIds),
            status: fc.constantFrom("open", "pending", "closed"),
          },
          { requiredKeys: [] },
        ),
      }),
      fc.record({
        kind: fc.constant("closeAll" as const),
        session: fc.nat({ max: sessions.length - 1 }),
        body: fc.record(
          {
            status: fc.constantFrom("pending", "open", "closed"),
            selectedQueueIds: fc.array(fc.constantFrom(0, ...queues.map((q) => q.id))),
          },
          { requiredKeys: [] },
        ),
      }),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 6 }), async (requests) => {
        for (const r of requests) {
          const session = sessions[r.session]!;
          const res = await server.app.inject(
            r.kind === "update"
              ? {
                  method: "PUT",
                  url: `/tickets/${r.ticket}`,
                  headers: session.headers,
                  payload: r.body as object,
                }
              : r.kind === "create"
                ? { method: "POST", url: "/tickets", headers: session.headers, payload: r.body }
                : { method: "POST", url: "/tickets/closeAll", headers: session.headers, payload: r.body },
          );
          expect(res.statusCode, `${r.kind} ${JSON.stringify(r.body)}: ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(Object.keys(res.json())).toEqual(expect.arrayContaining(["error", "message"]));
        }
        const rows = await db().select().from(tickets).where(eq(tickets.companyId, c));
        for (const t of rows) {
          if (t.status === "open") expect(t.userId, `ticket ${t.id} open without a user`).not.toBeNull();
          if (t.status === "closed")
            expect(t.closedAt, `ticket ${t.id} closed without closedAt`).not.toBeNull();
          if (t.status !== "closed")
            expect(t.closedAt, `ticket ${t.id} ${t.status} with closedAt`).toBeNull();
        }
        const live = rows.filter((t) => t.status !== "closed").map((t) => `${t.contactId}:${t.whatsappId}`);
        expect(new Set(live).size).toBe(live.length);
      }),
      { numRuns: 40 },
    );
  });
});
