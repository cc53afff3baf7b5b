import { z } from "zod";
import { dbId, dbIdParam, noneAsNull, pageQuery } from "./common.js";

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
  /** Kanban lane fields (spec 2): whole hours in the lane, the lanes to move to and back to, a greeting. */
  timeLane: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  nextLaneId: noneAsNull(dbId.nullable()).optional().default(null),
  rollbackLaneId: noneAsNull(dbId.nullable()).optional().default(null),
  greetingMessageLane: z.string().max(4096, "Too Long!").nullable().optional().default(null),
});
export type TagCreateInput = z.infer<typeof tagCreateSchema>;

/** POST /tags?unique=1: the tags page's form wants a taken name refused, not answered. */
export const tagCreateQuery = z.object({ unique: kanbanFlag.optional().transform((flag) => flag === 1) });

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

/*
 * The tags screen of the administration area (spec 2 sections 2, 5, 7): a paged list with contact
 * counts, edit and delete, and the kanban lanes with their ticket counts.
 */

export const TAG_MESSAGES = { required: "Obrigatório", tooShort: "Mensagem muito curta" } as const;
export const TAG_NAME_MIN = 3;
export const TAG_NAME_MAX = 100;
/** Rows per page of GET /tags/ (spec 2 does not say; the tags page scrolls for more). */
export const TAG_PAGE_SIZE = 20;

/** Random colour of a new tag (spec 2 section 5: the colour defaults to a random one). */
export function randomTagColor(random: () => number = Math.random): string {
  return `#${Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, "0")}`;
}

const laneId = noneAsNull(dbId.nullable());

/**
 * The admin tag form (POST from the tags page, PUT /tags/{id}): name required and at least 3
 * characters with spec 2's messages; timeLane is whole hours a ticket stays in the lane before it
 * moves to nextLaneId; the lanes must be other kanban tags of the company (checked by the server).
 */
export const tagFormSchema = z.object({
  name: z
    .string({ error: TAG_MESSAGES.required })
    .trim()
    .min(1, TAG_MESSAGES.required)
    .min(TAG_NAME_MIN, TAG_MESSAGES.tooShort)
    .max(TAG_NAME_MAX, "Too Long!"),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{3,8}$/, "Invalid color"),
  kanban: kanbanFlag,
  timeLane: z.coerce
    .number({ error: "Whole hours" })
    .int("Whole hours")
    .min(0, "Whole hours")
    .max(1_000_000, "Whole hours"),
  nextLaneId: laneId,
  rollbackLaneId: laneId,
  greetingMessageLane: z.string().max(4096, "Too Long!").nullable(),
});
export type TagFormInput = z.input<typeof tagFormSchema>;

/** PUT /tags/{id}: the fields given change (the form sends them all). */
export const tagUpdateSchema = tagFormSchema.partial();
export type TagUpdateInput = z.output<typeof tagUpdateSchema>;

/** GET /tags/: searchParam on the name, kanban 0/1 filter, tagId leaves that tag out (a tag's own lane selects). */
export const tagPageQuery = pageQuery.extend({
  kanban: kanbanFlag.optional(),
  tagId: dbIdParam.optional(),
});

export const tagWithCountDto = tagDto.extend({ contactsCount: z.number() });
export type TagWithCountDto = z.infer<typeof tagWithCountDto>;

export const tagPageDto = z.object({
  tags: z.array(tagWithCountDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type TagPageDto = z.infer<typeof tagPageDto>;

/** GET /tags-contacts/{tagId}: a page of the tag's contacts (the tags page's contact-count modal). */
export const tagContactsQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
});
export const tagContactDto = z.object({ id: z.number(), name: z.string(), number: z.string() });
export type TagContactDto = z.infer<typeof tagContactDto>;
export const tagContactsPageDto = z.object({
  contacts: z.array(tagContactDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type TagContactsPageDto = z.infer<typeof tagContactsPageDto>;

export const tagContactParams = z.object({ tagId: dbIdParam, contactId: dbIdParam });
export const tagIdParam = z.object({ tagId: dbIdParam });

/** GET /tag/kanban/: the kanban tags with their open and pending tickets (the /TagsKanban table). */
export const kanbanTagDto = tagDto.extend({ ticketsCount: z.number() });
export type KanbanTagDto = z.infer<typeof kanbanTagDto>;
export const kanbanTagListDto = z.object({ lista: z.array(kanbanTagDto) });
