import type { Db } from "../db/client.js";
import { TicketLifecycleRepo } from "../modules/tickets/lifecycle-repo.js";
import { TicketsRepo } from "../modules/tickets/repo.js";
import { presentDetail } from "../modules/tickets/service.js";
import type { TicketEvents } from "../realtime/ticket-events.js";
import type { JobDefinition } from "./jobs.js";

export const CLOSE_IDLE_TICKETS = "tickets.close-idle";
const BATCH = 500;

/**
 * Spec 1 section 9: tickets close by themselves after TICKETS_AUTO_CLOSE_HOURS
 * without activity (24 by default). Only open tickets, those an attendant
 * took and left: a pending one is a contact still waiting to be answered
 * and stays in the queue. No farewell is sent (nobody chose to say goodbye);
 * the timeline shows a "closed" entry without a user, and the lists hear it.
 * Runs every five minutes, in batches, so a backlog never holds one long transaction.
 */
export function closeIdleTicketsJob(deps: { db: Db; events: TicketEvents; hours: number }): JobDefinition {
  return {
    name: CLOSE_IDLE_TICKETS,
    cron: "*/5 * * * *",
    handle: async () => {
      await closeIdleTickets(deps);
    },
  };
}

/** One pass; answers how many tickets it closed. */
export async function closeIdleTickets(deps: {
  db: Db;
  events: TicketEvents;
  hours: number;
}): Promise<number> {
  if (deps.hours <= 0) return 0;
  const lifecycle = new TicketLifecycleRepo(deps.db);
  const tickets = new TicketsRepo(deps.db);
  const before = new Date(Date.now() - deps.hours * 3_600_000);
  let total = 0;
  for (;;) {
    const closed = await lifecycle.closeIdle(before, BATCH);
    total += closed.length;
    const byCompany = new Map<number, number[]>();
    for (const { id, companyId } of closed)
      byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), id]);
    for (const [companyId, ids] of byCompany) {
      for (const detail of await tickets.findByIds(companyId, ids)) {
        const dto = presentDetail(detail);
        deps.events.ticketChanged(companyId, dto, "update", { ...dto, status: "open" });
      }
    }
    if (closed.length < BATCH) return total;
  }
}
