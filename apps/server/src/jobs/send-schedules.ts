import { z } from "zod";
import type { ScheduleSender } from "../modules/schedules/sender.js";
import type { ScheduleTimer } from "../modules/schedules/service.js";
import type { JobDefinition, Jobs } from "./jobs.js";

export const SEND_SCHEDULE = "schedules.send";
export const SWEEP_DUE_SCHEDULES = "schedules.sweep-due";

const payload = z.object({ companyId: z.number().int().positive(), scheduleId: z.number().int().positive() });
export type SendSchedulePayload = z.infer<typeof payload>;

/**
 * One schedule at its sendAt (pg-boss startAfter). Running it twice, or
 * early after the schedule was moved, sends nothing more: ScheduleSender
 * stores the message once and the outbound claim sends it once.
 */
export function sendScheduleJob(sender: ScheduleSender): JobDefinition<SendSchedulePayload> {
  return {
    name: SEND_SCHEDULE,
    async handle(data) {
      const parsed = payload.safeParse(data);
      if (!parsed.success) return;
      await sender.deliver(parsed.data.companyId, parsed.data.scheduleId);
    },
  };
}

/**
 * Every minute: pending schedules whose time has come (a timer lost with the
 * queue, one set while jobs were off) and schedules whose send waits on a
 * retry. One page a minute: rows still waiting on a retry come back next time.
 */
export function sweepDueSchedulesJob(sender: ScheduleSender): JobDefinition {
  return {
    name: SWEEP_DUE_SCHEDULES,
    cron: "* * * * *",
    async handle() {
      await sender.sweep(500);
    },
  };
}

/** Sets the send job of a schedule once jobs run; before that (or with jobs off) the sweep covers it. */
export class ScheduleJobTimer implements ScheduleTimer {
  private jobs?: Jobs;

  attach(jobs: Jobs): void {
    this.jobs = jobs;
  }

  async at(companyId: number, scheduleId: number, sendAt: Date): Promise<void> {
    if (!this.jobs) return;
    const data: SendSchedulePayload = { companyId, scheduleId };
    // pg-boss keeps a job for its retention counted from startAfter: a far sendAt is fine.
    await this.jobs.send(SEND_SCHEDULE, data, { startAfter: sendAt });
  }
}
