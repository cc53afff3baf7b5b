import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { fileLists } from "./file-lists.js";

export interface QueueScheduleDay {
  weekday: string;
  weekdayEn: string;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

export const queues = pgTable(
  "queues",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    color: text().notNull(),
    greetingMessage: text(),
    outOfHoursMessage: text(),
    orderQueue: integer(),
    closeTicket: boolean().notNull().default(false),
    ativarRoteador: boolean().notNull().default(false),
    tempoRoteador: integer().notNull().default(0),
    integrationId: integer(),
    fileListId: integer(),
    schedules: jsonb().$type<QueueScheduleDay[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    unique("queues_company_id_id_key").on(t.companyId, t.id),
    uniqueIndex("queues_company_name_key").on(t.companyId, t.name),
    uniqueIndex("queues_company_color_key").on(t.companyId, t.color),
    index("queues_company_order_idx").on(t.companyId, t.orderQueue, t.id),
    /** The list of files sent when the bot brings a contact into the queue. */
    sameCompany("queues_file_list_id_fk", t.companyId, t.fileListId, fileLists, "set null"),
  ],
);
