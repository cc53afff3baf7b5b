import { z } from "zod";
import { dbId, dbIdParam, noneAsNull } from "./common.js";

/** Tags, ticket tags and contact tags (spec 1 sections 3, 5, 7). */

/** kanban as the clients send it: 0/1, a boolean, or "0"/"1" in a query string. */
const kanbanFlag = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(["0", "1", "true", "false"])])
  .transform((value) => (value === 1 || value === true || value === "1" || value === "true" ? 1 : 0));

export const tagCreateSchema = z.object({
  name: z.string({ error: "Required" }).trim().min(3, "Tag muito curta!").max(100, "Too Long!"),
  kanban: kanbanFlag.optional().default(0),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{3,8}$/, "Invalid color")
    .optional(),
  /** Kanban lane fields (spec 2): minutes in the lane, the lanes to move to and back to, a greeting. */
  timeLane: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  nextLaneId: noneAsNull(dbId.nullable()).optional().default(null),
  rollbackLaneId: noneAsNull(dbId.nullable()).optional().default(null),
  greetingMessageLane: z.string().max(4096, "Too Long!").nullable().optional().default(null),
});
export type TagCreateInput = z.infer<typeof tagCreateSchema>;

export const tagListQuery = z.object({ kanban: kanbanFlag.optional() });

export const ticketTagParams = z.object({ ticketId: dbIdParam, tagId: dbIdParam });

/** POST /tags/sync: the contact's whole tag list; tags come as objects with an id (as the tag box sends them) or ids. */
export const tagSyncSchema = z.object({
  contactId: dbId,
  tags: z
    .array(z.union([dbId, z.looseObject({ id: dbId }).transform((tag) => tag.id)]))
    .max(500)
    .default([]),
});
export type TagSyncInput = z.infer<typeof tagSyncSchema>;

export const tagDto = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  kanban: z.number(),
  timeLane: z.number(),
  nextLaneId: z.number().nullable(),
  rollbackLaneId: z.number().nullable(),
  greetingMessageLane: z.string().nullable(),
});
export type TagDto = z.infer<typeof tagDto>;

/** Default colour of a tag created without one. */
export const DEFAULT_TAG_COLOR = "#5C59A0";
