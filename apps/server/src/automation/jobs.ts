import type { JobDefinition } from "../jobs/jobs.js";
import { INTEGRATION_DELIVER } from "./handover.js";
import { AUTOMATION_SWEEP, AUTOMATION_TIMER, type AutomationRunner } from "./runner.js";

/** The automation's durable jobs (DESIGN section 5a): a ticket's timer, and the minute sweep. */
export function automationTimerJob(
  runner: AutomationRunner,
): JobDefinition<{ companyId: number; ticketId: number; token: number; whatsappId?: number }> {
  const timerOf = (data: { companyId: number; ticketId: number; token: number; whatsappId?: number }) => ({
    companyId: Number(data.companyId),
    ticketId: Number(data.ticketId),
    token: Number(data.token),
    ...(data.whatsappId !== undefined ? { whatsappId: Number(data.whatsappId) } : {}),
  });
  return {
    name: AUTOMATION_TIMER,
    handle: (data) => runner.runTimers([timerOf(data)]),
    // Timers due together (an interval many contacts reached at once) run as one batch of runs.
    handleBatch: (items) => runner.runTimers(items.map(timerOf)),
    batchSize: 64,
  };
}

/** Every minute: lost runs and timers, the inactivity pass, the queue rotator. */
export function automationSweepJob(runner: AutomationRunner): JobDefinition {
  return {
    name: AUTOMATION_SWEEP,
    cron: "* * * * *",
    handle: async () => {
      await runner.sweep();
      await runner.inactivitySweep();
      await runner.rotator.pass();
    },
  };
}

/** A ticket's messages handed to an integration: delivered in order (handover.ts). */
export function integrationDeliverJob(
  runner: AutomationRunner,
): JobDefinition<{ companyId: number; ticketId: number }> {
  return {
    name: INTEGRATION_DELIVER,
    handle: async (data) => {
      await runner.handover?.deliver(Number(data.companyId), Number(data.ticketId));
    },
  };
}
