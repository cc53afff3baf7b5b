import { z } from "zod";
import type { ConnectionRow } from "./repo.js";

/** What a browser may see of a connection: never tokens, app secrets or session keys. */
export const connectionDto = z.object({
  id: z.number(),
  name: z.string(),
  channel: z.string(),
  status: z.string(),
  isDefault: z.boolean(),
  number: z.string().nullable(),
  updatedAt: z.string(),
});

export function presentConnection(row: ConnectionRow): z.infer<typeof connectionDto> {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    status: row.status,
    isDefault: row.isDefault,
    number: row.number,
    updatedAt: row.updatedAt.toISOString(),
  };
}
