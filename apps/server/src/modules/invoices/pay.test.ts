import type { AddressInfo } from "node:net";
import { companyEvent, nextDueDate, type PaymentEventPayload } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTeam } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { TestSockets } from "../../../test/sockets.js";
import { companies, invoices } from "../../db/schema/index.js";
import { payInvoice } from "./pay.js";

let server: TestServer;
let url: string;
const clients = new TestSockets(() => url);

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterEach(() => clients.closeAll());
afterAll(() => server.close());

const db = () => server.database.db;
const deps = () => ({ db: db(), realtime: server.realtime });

async function openInvoice(companyId: number, dueDate: string): Promise<number> {
  const [row] = await db()
    .insert(invoices)
    .values({ companyId, detail: "Plano", users: 3, connections: 3, queues: 3, value: "49.00", dueDate })
    .returning({ id: invoices.id });
  return (row as { id: number }).id;
}
const companyDue = async (id: number) =>
  (await db().select({ dueDate: companies.dueDate }).from(companies).where(eq(companies.id, id)))[0]?.dueDate;

describe("payInvoice", () => {
  it("marks the invoice paid, moves the due date one period and tells the company's screens", async () => {
    const team = await buildTeam(server.app, db());
    const before = await companyDue(team.company.id);
    const invoiceId = await openInvoice(team.company.id, before as string);
    const socket = await clients.open(team.adminSession.token);
    const heard = new Promise<PaymentEventPayload>((resolve) =>
      socket.once(companyEvent(team.company.id, "payment"), resolve),
    );

    const paid = await payInvoice(deps(), team.company.id, invoiceId);

    const expected = nextDueDate(before ?? null, "MENSAL");
    expect(paid).toMatchObject({ changed: true, dueDate: expected });
    expect(await companyDue(team.company.id)).toBe(expected);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row?.status).toBe("paid");
    expect(row?.paidAt).toBeInstanceOf(Date);
    expect(await heard).toEqual({
      action: "update",
      invoiceId,
      company: { id: team.company.id, dueDate: expected },
    });
  });

  it("moves the date once when the same payment is confirmed twice at the same time", async () => {
    const team = await buildTeam(server.app, db());
    const before = await companyDue(team.company.id);
    const invoiceId = await openInvoice(team.company.id, before as string);

    const results = await Promise.all([
      payInvoice(deps(), team.company.id, invoiceId),
      payInvoice(deps(), team.company.id, invoiceId),
    ]);

    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await companyDue(team.company.id)).toBe(nextDueDate(before ?? null, "MENSAL"));
  });

  it("does not pay another company's invoice", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const invoiceId = await openInvoice(team.company.id, "2030-01-01");
    await expect(payInvoice(deps(), other.company.id, invoiceId)).rejects.toMatchObject({
      code: "ERR_NOT_FOUND",
    });
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row?.status).toBe("open");
  });
});
