import type { HelpDto } from "@inbox/shared";
import type { HelpRow } from "./repo.js";

export function presentHelp(row: HelpRow): HelpDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    video: row.video,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
