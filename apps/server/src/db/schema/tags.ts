import { sql } from "drizzle-orm";
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sameCompany, tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";
import { contacts } from "./contacts.js";
import { tickets } from "./tickets.js";

export const tags = pgTable(
  "tags",
  {
    id: serial().primaryKey(),
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    color: text().notNull(),
    /** 1 when the tag is a kanban lane. */
    kanban: integer().notNull().default(0),
    timeLane: integer().notNull().default(0),
    nextLaneId: integer(),
    rollbackLaneId: integer(),
    greetingMessageLane: text(),
    userId: integer(),
    ...timestamps,
  },
  (t) => [
    unique("tags_company_id_id_key").on(t.companyId, t.id),
    uniqueIndex("tags_company_name_key").on(t.companyId, t.name),
    index("tags_company_kanban_idx").on(t.companyId, t.kanban, t.name),
    /** The tags page's name search (ILIKE '%term%'), as contacts' names are searched. */
    index("tags_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

export const ticketTags = pgTable(
  "ticket_tags",
  {
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer().notNull(),
    tagId: integer().notNull(),
    /**
     * On the row of a kanban tag (the ticket's lane) only, set at each entry (modules/kanban):
     * the entry's token, carried by its timer job, so a job of an earlier entry does nothing.
     */
    laneEntry: uuid(),
    /** When the lane's timeLane move is due; null once done, cancelled or without a timer. */
    laneTimerAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    sameCompany("ticket_tags_ticket_id_fk", t.companyId, t.ticketId, tickets, "cascade"),
    sameCompany("ticket_tags_tag_id_fk", t.companyId, t.tagId, tags, "cascade"),
    primaryKey({ columns: [t.ticketId, t.tagId] }),
    index("ticket_tags_company_tag_idx").on(t.companyId, t.tagId),
    /** The lane sweeper's scan: timers whose job was lost. */
    index("ticket_tags_lane_timer_idx").on(t.laneTimerAt).where(sql`${t.laneTimerAt} IS NOT NULL`),
  ],
);

export const contactTags = pgTable(
  "contact_tags",
  {
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    contactId: integer().notNull(),
    tagId: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    sameCompany("contact_tags_contact_id_fk", t.companyId, t.contactId, contacts, "cascade"),
    sameCompany("contact_tags_tag_id_fk", t.companyId, t.tagId, tags, "cascade"),
    primaryKey({ columns: [t.contactId, t.tagId] }),
    index("contact_tags_company_tag_idx").on(t.companyId, t.tagId),
  ],
);
