import { z } from "zod";
import { LANGUAGES, TICKET_STATUSES } from "../enums.js";
import { dbIdParam, looseBoolean } from "./common.js";
import { calendarDay } from "./dashboard.js";
import { idList, queryList } from "./ticket.js";

/**
 * The ticket report on the wire (spec 2 sections 2, 3 'Ticket report row', 7
 * and 9): GET /ticketreport/reports answers one page of rows and the total,
 * GET /ticketreport/reports/export the same rows as a spreadsheet.
 */

/** Spec 2 section 9: the report's page sizes, default 10. */
export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const;
export type ReportPageSize = (typeof REPORT_PAGE_SIZES)[number];
export const REPORT_DEFAULT_PAGE_SIZE: ReportPageSize = 10;

/** Largest date range a report covers at once (a little over a year, as the dashboard). */
export const REPORT_MAX_DAYS = 400;

/** The spreadsheet's name (spec 2 section 7: 'relatorio-de-atendimentos'). */
export const REPORT_EXPORT_FILE_NAME = "relatorio-de-atendimentos.xlsx";

/** Ticket statuses as the report takes them: repeated keys, a JSON array or a comma list. */
const statusList = queryList(z.enum(TICKET_STATUSES), TICKET_STATUSES.length);

/** `contactId=` (empty) or `null`, as clients send "no contact chosen", is no filter. */
const optionalContact = z.preprocess(
  (raw) => (raw === "" || raw === "null" || raw === null ? undefined : raw),
  dbIdParam.optional(),
);

/**
 * The report's filters, shared by the page and the export. Dates are
 * inclusive days of the company's time zone (default: the first of the
 * month to today there). `queueIds` 0 stands for "without queue".
 */
const reportFilterFields = z.object({
  searchParam: z.string().trim().max(200).optional().default(""),
  contactId: optionalContact,
  /** Connections (the original web app sends this name with a JSON array). */
  whatsappId: idList().optional().default([]),
  users: idList().optional().default([]),
  queueIds: idList({ allowZero: true }).optional().default([]),
  status: statusList.optional().default([]),
  dateFrom: calendarDay.optional(),
  dateTo: calendarDay.optional(),
  onlyRated: looseBoolean.optional().default(false),
});

const orderedRange = <T extends { dateFrom?: string | undefined; dateTo?: string | undefined }>(q: T) =>
  !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo;
const rangeMessage = { message: "dateFrom must not be after dateTo", path: ["dateTo"] };

export const reportFiltersQuery = reportFilterFields.refine(orderedRange, rangeMessage);
export type ReportFilters = z.infer<typeof reportFiltersQuery>;

const pageSize = z.coerce
  .number()
  .refine((size): size is ReportPageSize => (REPORT_PAGE_SIZES as readonly number[]).includes(size), {
    message: `pageSize must be one of ${REPORT_PAGE_SIZES.join(", ")}`,
  });

/** GET /ticketreport/reports: the filters, a page number (from 1) and one of the page sizes. */
export const reportPageQuery = reportFilterFields
  .extend({
    page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: pageSize.optional().default(REPORT_DEFAULT_PAGE_SIZE),
  })
  .refine(orderedRange, rangeMessage);
export type ReportPageQuery = z.infer<typeof reportPageQuery>;

/**
 * GET /ticketreport/reports/export: the filters, the language of the
 * spreadsheet's words (default pt) and optionally an id the client chose for
 * this download: progress events (`company-{id}-reportExport`) to the
 * requesting user carry it.
 */
export const reportExportQuery = reportFilterFields
  .extend({
    lang: z.enum(LANGUAGES).optional().default("pt"),
    exportId: z.uuid("Invalid exportId").optional(),
  })
  .refine(orderedRange, rangeMessage);
export type ReportExportQuery = z.infer<typeof reportExportQuery>;

/** A ticket report row (spec 2 section 3). Instants are ISO 8601; the screen shows them in its clock. */
export const reportRowDto = z.object({
  id: z.number(),
  uuid: z.string(),
  whatsappName: z.string().nullable(),
  contactName: z.string(),
  /** The contact's number; masked for ordinary users when the company hides numbers (LGPD). */
  contactNumber: z.string(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
  status: z.string(),
  lastMessage: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Seconds from creation to closing; null while the ticket is not closed. */
  supportTime: z.number().nullable(),
  /** The contact's rating (0 to 10), the latest when there are several; null when not rated. */
  NPS: z.number().nullable(),
});
export type ReportRow = z.infer<typeof reportRowDto>;

export const reportPageDto = z.object({
  tickets: z.array(reportRowDto),
  totalTickets: z.object({ total: z.number() }),
  /** The range applied (the defaults filled in), days of the company's time zone. */
  dateFrom: z.string(),
  dateTo: z.string(),
});
export type ReportPage = z.infer<typeof reportPageDto>;

/** Payload of `company-{id}-reportExport`, to the user who asked: rows written so far of the total. */
export interface ReportExportPayload {
  action: "update";
  exportId: string;
  written: number;
  total: number;
  finished: boolean;
}

/** A support time as the screen and the spreadsheet show it: `2d 03:15` or `03:15` (hours:minutes). */
export function formatSupportTime(seconds: number | null): string {
  if (seconds === null) return "";
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const days = Math.floor(minutes / 1440);
  const hh = String(Math.floor((minutes % 1440) / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  return days > 0 ? `${days}d ${hh}:${mm}` : `${hh}:${mm}`;
}
