import { LIMITS } from "@inbox/shared";
import type { Db } from "../../db/client.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import type { Realtime } from "../../realtime/realtime.js";
import { InvoicesRepo } from "./repo.js";

export const GENERATE_INVOICES = "invoices.generate";

/**
 * How many days before a company's due date its invoice is made: long enough
 * to pay by PIX before the date (the web warns from 5 days), short enough that
 * a plan change in the period is still billed.
 */
export const INVOICE_LEAD_DAYS = 10;
const BATCH = 500;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/**
 * Makes the invoice of every company (but company 1, which never expires)
 * whose due date is at most INVOICE_LEAD_DAYS away, or already past, from its
 * plan; once per company and due date, whatever how often it runs. Companies
 * are walked by id in keyset batches: one short statement each, whatever
 * their number. Dates are UTC days, as the expiry rule (subscriptionState).
 */
export async function generateInvoices(db: Db, today = new Date(), batchSize = BATCH): Promise<number> {
  const repo = new InvoicesRepo(db);
  const horizon = isoDay(addDays(today, INVOICE_LEAD_DAYS));
  let afterId = 0;
  let created = 0;
  for (;;) {
    const batch = await repo.generateBatch(afterId, horizon, batchSize, LIMITS.platformCompanyId);
    created += batch.created;
    if (batch.lastId === null) return created;
    afterId = batch.lastId;
  }
}

/**
 * Sockets open when their company expires: the handshake refuses an expired
 * company, and a socket lives no longer than its access token, but the daily
 * run closes at once those of companies that expired since the last run (due
 * yesterday or today), so they stop hearing events at midnight, not up to a
 * token later. Their next handshake is refused with ERR_SUBSCRIPTION_EXPIRED.
 */
export async function disconnectExpired(db: Db, realtime: Realtime, today = new Date()): Promise<number> {
  const repo = new InvoicesRepo(db);
  const from = isoDay(addDays(today, -1));
  const to = isoDay(today);
  let afterId = 0;
  let closed = 0;
  for (;;) {
    const ids = await repo.companiesDueBetween(from, to, afterId, BATCH, LIMITS.platformCompanyId);
    for (const id of ids) realtime.endSessions(id);
    closed += ids.length;
    if (ids.length < BATCH) return closed;
    afterId = ids[ids.length - 1] as number;
  }
}

/** Daily just after midnight UTC, and on demand (`jobs.send(GENERATE_INVOICES, {})`). */
export function generateInvoicesJob(deps: { db: Db; realtime: Realtime }): JobDefinition {
  return {
    name: GENERATE_INVOICES,
    cron: "5 0 * * *",
    async handle() {
      await generateInvoices(deps.db);
      await disconnectExpired(deps.db, deps.realtime);
    },
  };
}
