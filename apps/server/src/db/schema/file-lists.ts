import { index, integer, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { users } from "./users.js";

/**
 * File lists (spec 3 sections 2, 3 and 7: /files): a named message with options, each an optional
 * attached file. A queue (`queues.file_list_id`) and a chatbot `file` option (`chatbots.opt_file_id`)
 * point at one by `(company_id, id)`; deleting the list clears those references (ON DELETE SET NULL).
 */
export const fileLists = pgTable(
  "file_lists",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    message: text().notNull().default(""),
    /** Who created it (spec 3: userId); null once that user is deleted. */
    userId: integer(),
    ...timestamps,
  },
  (t) => [
    unique("file_lists_company_id_id_key").on(t.companyId, t.id),
    sameCompany("file_lists_user_id_fk", t.companyId, t.userId, users, "set null"),
    /** The list page: name order (ties by id), so a page boundary never repeats or skips a row. */
    index("file_lists_company_name_idx").on(t.companyId, t.name, t.id),
    /** The list page's name search (ILIKE '%term%'). */
    index("file_lists_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

/**
 * One option of a file list, in id order. `path` is the stored file (`/public/company{id}/fileList/…`,
 * typed from its bytes by storage), `mediaType` its detected MIME type, `mediaName` the sender's file
 * name for display. A replaced or removed file is recorded by a trigger for the files.remove job.
 */
export const fileListOptions = pgTable(
  "file_list_options",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    fileListId: integer().notNull(),
    name: text().notNull(),
    path: text(),
    mediaType: text(),
    mediaName: text(),
    ...timestamps,
  },
  (t) => [
    unique("file_list_options_company_id_id_key").on(t.companyId, t.id),
    sameCompany("file_list_options_list_id_fk", t.companyId, t.fileListId, fileLists, "cascade"),
    index("file_list_options_company_list_idx").on(t.companyId, t.fileListId, t.id),
    /** files.remove asks whether a path is still an option's. */
    index("file_list_options_path_idx").on(t.path),
  ],
);
