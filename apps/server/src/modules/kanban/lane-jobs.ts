import type { JobDefinition } from "../../jobs/jobs.js";
import type { LaneAutomation } from "./lane-automation.js";
import { LANE_TIMER } from "./lane-moves.js";

export const LANE_SWEEP = "kanban.laneSweep";

/** A lane's timeLane timer: the entry's token decides whether it still applies (lane-automation.ts). */
export function laneTimerJob(
  lanes: LaneAutomation,
): JobDefinition<{ companyId: number; ticketId: number; laneEntry: string }> {
  return {
    name: LANE_TIMER,
    handle: async (data) => {
      await lanes.timer(Number(data.companyId), Number(data.ticketId), String(data.laneEntry));
    },
  };
}

/** Every minute: lane timers whose job was lost. */
export function laneSweepJob(lanes: LaneAutomation): JobDefinition {
  return {
    name: LANE_SWEEP,
    cron: "* * * * *",
    handle: async () => {
      await lanes.sweep();
    },
  };
}
