import { z } from "zod";
import { dbId } from "./common.js";

/**
 * File lists (spec 3 sections 2, 3, 5 and 7: /files): a name, a message and options, each an
 * optional attached file. The dialog and the server share these schemas, so both answer the spec's
 * messages ('nome muito curto', 'Obrigatório').
 */

export const FILE_LIST_NAME_MIN = 3;
export const FILE_LIST_NAME_MAX = 100;
export const FILE_LIST_MESSAGE_MAX = 5000;
export const FILE_LIST_OPTION_NAME_MAX = 200;
/** Options of one list: each may carry a file, and the bot sends them all in one go. */
export const FILE_LIST_MAX_OPTIONS = 50;
/** Rows a page of GET /files answers. */
export const FILE_LIST_PAGE_SIZE = 20;

/** The spec's messages (section 5: the file dialog). */
export const FILE_LIST_MESSAGES = { nameTooShort: "nome muito curto", required: "Obrigatório" } as const;

const name = z
  .string({ error: FILE_LIST_MESSAGES.required })
  .trim()
  .min(1, FILE_LIST_MESSAGES.required)
  .min(FILE_LIST_NAME_MIN, FILE_LIST_MESSAGES.nameTooShort)
  .max(FILE_LIST_NAME_MAX, "Too Long!");

const message = z
  .string({ error: FILE_LIST_MESSAGES.required })
  .trim()
  .min(1, FILE_LIST_MESSAGES.required)
  .max(FILE_LIST_MESSAGE_MAX, "Too Long!");

/**
 * One option as the dialog sends it. `id` names an option of this list (kept and renamed); without
 * it the option is new. The file comes only through POST /files/uploadList/{id}: a `path` of null
 * or "" removes an existing option's file, any other value keeps the stored one (a client cannot
 * point an option at a file it did not upload). mediaType is the server's, read from the bytes.
 */
export const fileListOptionInput = z.object({
  id: dbId.optional(),
  name: z
    .string({ error: FILE_LIST_MESSAGES.required })
    .trim()
    .min(1, FILE_LIST_MESSAGES.required)
    .max(FILE_LIST_OPTION_NAME_MAX, "Too Long!"),
  path: z.string().max(2000).nullable().optional(),
});
export type FileListOptionInput = z.infer<typeof fileListOptionInput>;

/**
 * POST /files and PUT /files/{id}. The spec's clients also send userId and each option's mediaType:
 * unknown keys are dropped (the token says who wrote it; the bytes say what a file is). On PUT the
 * options given are the whole list: those left out are deleted with their files.
 */
export const fileListSchema = z.object({
  name,
  message,
  options: z
    .array(fileListOptionInput)
    .max(FILE_LIST_MAX_OPTIONS, `At most ${FILE_LIST_MAX_OPTIONS} options`)
    .optional()
    .default([]),
});
export type FileListInput = z.infer<typeof fileListSchema>;

/** GET /files: a page by name; companyId is accepted (the queue editor sends it) and ignored. */
export const fileListsQuery = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  companyId: z.string().max(20).optional(),
});

export const fileListOptionDto = z.object({
  id: z.number(),
  fileListId: z.number(),
  name: z.string(),
  /** The stored file's address, or null for an option without a file. */
  path: z.string().nullable(),
  /** The file's MIME type as its bytes say. */
  mediaType: z.string().nullable(),
  /** The uploaded file's name, for display. */
  mediaName: z.string().nullable(),
});
export type FileListOptionDto = z.infer<typeof fileListOptionDto>;

export const fileListDto = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  companyId: z.number(),
  /** In id order: the order they were added, the order the bot sends them. */
  options: z.array(fileListOptionDto),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileListDto = z.infer<typeof fileListDto>;

export const fileListPageDto = z.object({
  files: z.array(fileListDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type FileListPage = z.infer<typeof fileListPageDto>;

/** GET /files/list: every list of the company by name, for the queue and chatbot pickers. */
export const fileListSummaryDto = z.object({ id: z.number(), name: z.string() });
export type FileListSummary = z.infer<typeof fileListSummaryDto>;

/** Payload of `company-{id}-file` (spec 3 "Live events"). */
export type FileListEventPayload =
  | { action: "create" | "update"; fileList: FileListDto }
  | { action: "delete"; fileId: number };
