import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns.js";

/** One weekday of the company's business hours (spec 2 settings panel, schedules tab): shifts A and B, HH:MM or "". */
export interface CompanyScheduleDay {
  weekday: string;
  weekdayEn: string;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

export const plans = pgTable(
  "plans",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    users: integer().notNull().default(10),
    connections: integer().notNull().default(10),
    queues: integer().notNull().default(10),
    amount: numeric({ precision: 12, scale: 2 }).notNull().default("0"),
    isPublic: boolean().notNull().default(true),
    useWhatsapp: boolean().notNull().default(true),
    useFacebook: boolean().notNull().default(true),
    useInstagram: boolean().notNull().default(true),
    useCampaigns: boolean().notNull().default(true),
    useSchedules: boolean().notNull().default(true),
    useInternalChat: boolean().notNull().default(true),
    useExternalApi: boolean().notNull().default(true),
    useKanban: boolean().notNull().default(true),
    useOpenAi: boolean().notNull().default(true),
    useIntegrations: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("plans_name_key").on(t.name)],
);

export const companies = pgTable(
  "companies",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text(),
    phone: text(),
    document: text(),
    planId: integer()
      .notNull()
      .references(() => plans.id),
    status: boolean().notNull().default(true),
    /** Date only; company 1 is the platform owner and never expires. */
    dueDate: date({ mode: "string" }),
    recurrence: text().notNull().default("MENSAL"),
    paymentMethod: text(),
    addressStreet: text(),
    addressState: text(),
    addressCity: text(),
    lastLogin: timestamp({ withTimezone: true, mode: "date" }),
    /** IANA time zone of the company's business hours and bot timers. */
    timezone: text().notNull().default("America/Sao_Paulo"),
    /**
     * Business hours used when the scheduleType setting is company (PUT /companies/{id}/schedules).
     * Empty until an admin saves them: the automation then treats the company as always open.
     */
    schedules: jsonb().$type<CompanyScheduleDay[]>().notNull().default([]),
    /** The company's storage folder as last measured by the `companies.measure-folders` job. */
    folderSize: bigint({ mode: "number" }).notNull().default(0),
    numberFileFolder: integer().notNull().default(0),
    updatedAtFolder: timestamp({ withTimezone: true, mode: "date" }),
    /**
     * The company's own limits of users and connections (spec 2, the company form; a paid custom
     * plan sets them). Null: the plan's `users` / `connections` apply (`companyLimits`).
     */
    numberAttendants: integer(),
    numberConections: integer(),
    ...timestamps,
  },
  // Names are unique whatever their case: the super user's table and the save-failure message say so.
  (t) => [uniqueIndex("companies_name_key").on(sql`lower(${t.name})`)],
);
