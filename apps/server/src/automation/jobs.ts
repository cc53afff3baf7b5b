import type { JobDefinition } from "../jobs/jobs.js";
import { AUTOMATION_SWEEP, AUTOMATION_TIMER, type AutomationRunner } from "./runner.js";

/** The automation's durable jobs (DESIGN section 5a): a ticket's timer, and the minute sweep. */
export function automationTimerJob(
  runner: AutomationRunner,
): JobDefinition<{ companyId: number; ticketId: number; token: number }> {
  return {
    name: AUTOMATION_TIMER,
    handle: (data) => runner.run(Number(data.companyId), Number(data.ticketId), Number(data.token)),
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
