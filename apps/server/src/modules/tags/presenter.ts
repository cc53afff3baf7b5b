import type { TagDto } from "@inbox/shared";
import type { TagRow } from "./repo.js";

export function presentTag(row: TagRow): TagDto {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    kanban: row.kanban,
    timeLane: row.timeLane,
    nextLaneId: row.nextLaneId,
    rollbackLaneId: row.rollbackLaneId,
    greetingMessageLane: row.greetingMessageLane,
  };
}
