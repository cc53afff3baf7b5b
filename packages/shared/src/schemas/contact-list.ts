import { z } from "zod";
import { dbId, dbIdParam } from "./common.js";
import { contactEmail, contactNumber } from "./contact.js";

/**
 * Contact lists and their items (spec 3 sections 2, 3, 5 and 7). The server and the dialogs share
 * these schemas, so both answer the spec's messages ('Too Short!', 'Too Long!', 'Required',
 * 'Invalid email'); the spreadsheet import checks each row with the same item schema.
 */

export const CONTACT_LIST_NAME_MIN = 2;
export const CONTACT_LIST_NAME_MAX = 50;
/** Rows a list page answers (GET /contact-lists, GET /contact-list-items). */
export const CONTACT_LIST_PAGE_SIZE = 20;
/** The largest spreadsheet POST /contact-lists/{id}/upload accepts. */
export const CONTACT_LIST_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Import accepts only .xls and .xlsx (spec 3 section 5). */
export const CONTACT_LIST_IMPORT_EXTENSIONS = [".xls", ".xlsx"] as const;
export const CONTACT_LIST_IMPORT_ACCEPT =
  ".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const nameField = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Required")
  .min(CONTACT_LIST_NAME_MIN, "Too Short!")
  .max(CONTACT_LIST_NAME_MAX, "Too Long!");

export const contactListSchema = z.object({ name: nameField });
export type ContactListInput = z.infer<typeof contactListSchema>;

/** companyId is accepted (the spec's clients send it) and ignored: the token decides the company. */
export const contactListItemSchema = z.object({
  name: nameField,
  number: contactNumber,
  email: contactEmail.optional().default(""),
  companyId: z.unknown().optional(),
  contactListId: dbId,
});
export type ContactListItemInput = z.infer<typeof contactListItemSchema>;

/** The fields one spreadsheet row must pass (the item schema without the list). */
export const contactListRowSchema = contactListItemSchema.pick({ name: true, number: true, email: true });

export const contactListsQuery = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
});

export const contactListItemsQuery = contactListsQuery.extend({ contactListId: dbIdParam });

/** GET /contact-lists/list: companyId is accepted and ignored (the token decides). */
export const contactListPickerQuery = z.object({ companyId: z.string().max(20).optional() });

export const contactListRecordDto = z.object({
  id: z.number(),
  name: z.string(),
  companyId: z.number(),
  contactsCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactListRecord = z.infer<typeof contactListRecordDto>;

export const contactListItemDto = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  /** null: no WhatsApp connection of the company could check the number yet. */
  isWhatsappValid: z.boolean().nullable(),
  companyId: z.number(),
  contactListId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactListItemDto = z.infer<typeof contactListItemDto>;

export const contactListRecordsPageDto = z.object({
  records: z.array(contactListRecordDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export const contactListItemPageDto = z.object({
  contacts: z.array(contactListItemDto),
  count: z.number(),
  hasMore: z.boolean(),
});

/**
 * Why an imported row was refused. The web app translates `contactLists.refusal.<reason>`:
 * a field failed the item schema (its message is the spec's), the number repeats a row above it in
 * the same file, or the list already holds it.
 */
export const CONTACT_LIST_REFUSALS = [
  "NAME_REQUIRED",
  "NAME_TOO_SHORT",
  "NAME_TOO_LONG",
  "NUMBER_REQUIRED",
  "NUMBER_TOO_SHORT",
  "NUMBER_TOO_LONG",
  /** Not a phone number in the company's phoneDefaultCountry nor internationally (docs/PHONE-NUMBERS.md). */
  "NUMBER_INVALID",
  "EMAIL_INVALID",
  "DUPLICATE_IN_FILE",
  "ALREADY_IN_LIST",
] as const;
export type ContactListRefusal = (typeof CONTACT_LIST_REFUSALS)[number];

export const refusedRowDto = z.object({
  /** The row's line number as the spreadsheet shows it (the header is line 1). */
  line: z.number(),
  reason: z.enum(CONTACT_LIST_REFUSALS),
  /** The number as the row wrote it, to find the row again. */
  number: z.string().optional(),
});
export type RefusedRow = z.infer<typeof refusedRowDto>;

export const CONTACT_LIST_IMPORT_STATUSES = ["queued", "running", "done", "failed"] as const;

export const contactListImportDto = z.object({
  id: z.number(),
  contactListId: z.number(),
  fileName: z.string(),
  status: z.enum(CONTACT_LIST_IMPORT_STATUSES),
  /** Data rows read so far; rows added to the list; rows refused. */
  processed: z.number(),
  imported: z.number(),
  refusedCount: z.number(),
  refused: z.array(refusedRowDto),
  /** Why the whole file failed (status failed): an error code of the catalogue. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ContactListImportDto = z.infer<typeof contactListImportDto>;

export const contactListImportParams = z.object({ id: dbIdParam, importId: dbIdParam });

/** company-{id}-ContactList: a list was created or changed (its count too), or deleted. */
export type ContactListEventPayload =
  | { action: "create" | "update"; record: ContactListRecord }
  | { action: "delete"; id: number };

/**
 * company-{id}-ContactListItem: an item was created, changed or deleted; `reload` after an import
 * (the items page reads its list again: spec 3 "Contact list items also support a reload").
 */
export type ContactListItemEventPayload =
  | { action: "create" | "update"; record: ContactListItemDto }
  | { action: "delete"; id: number; contactListId: number }
  | { action: "reload"; contactListId: number };

/** company-{id}-contactListImport: an import's progress and end, without its refused rows (they carry numbers). */
export interface ContactListImportEventPayload {
  action: "update";
  import: ContactListImportDto;
}
