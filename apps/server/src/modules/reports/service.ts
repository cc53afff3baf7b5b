import { PassThrough, type Readable } from "node:stream";
import {
  formatPhoneNumber,
  maskNumber,
  REPORT_EXPORT_LABELS,
  REPORT_MAX_DAYS,
  type ReportExportPayload,
  type ReportExportQuery,
  type ReportFilters,
  type ReportPage,
  type ReportPageQuery,
  WITHOUT_QUEUE,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { NumberPrivacy } from "../../privacy/number-privacy.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { PhoneCountries } from "../settings/phone-country.js";
import { writeReportWorkbook } from "./export.js";
import { reportOwnerOf } from "./policy.js";
import { reportRow } from "./presenter.js";
import { type ReportCriteria, ReportsRepo } from "./repo.js";

const DAY_MS = 86_400_000;
/**
 * Rows read per export batch: few enough that a batch's garbage stays small (bench/README.md: 1,000
 * grew the RSS past 100 MB over 100,000 rows), enough that round trips do not dominate.
 */
export const EXPORT_BATCH_ROWS = 250;

function daysBetween(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The ticket report (spec 2 sections 2, 3, 7): a page of rows, and the same rows as a spreadsheet. */
export class ReportsService {
  private readonly repo: ReportsRepo;

  constructor(
    private readonly deps: { db: Db; numbers: NumberPrivacy; realtime: Realtime; phones: PhoneCountries },
  ) {
    this.repo = new ReportsRepo(deps.db);
  }

  /** The filters as the repo reads them: range defaults in the company's time zone, the reader's bounds. */
  private async criteria(
    ctx: RequestContext,
    query: ReportFilters,
    masked: boolean,
  ): Promise<ReportCriteria> {
    const { timeZone, today } = await this.repo.clockOf(ctx.companyId);
    // Spec 2 section 2: the first day of the month to today; a future dateFrom alone is a one-day range.
    const dateTo = query.dateTo ?? (query.dateFrom && query.dateFrom > today ? query.dateFrom : today);
    const dateFrom = query.dateFrom ?? `${dateTo.slice(0, 8)}01`;
    if (daysBetween(dateFrom, dateTo) > REPORT_MAX_DAYS)
      throw new AppError("ERR_VALIDATION", {
        field: "dateTo",
        message: `The range may cover at most ${REPORT_MAX_DAYS} days`,
      });
    return {
      companyId: ctx.companyId,
      dateFrom,
      dateTo,
      timeZone,
      search: query.searchParam.toLowerCase(),
      searchNumbers: !masked,
      contactId: query.contactId,
      whatsappIds: query.whatsappId,
      userIds: query.users,
      queueIds: query.queueIds.filter((id) => id !== WITHOUT_QUEUE),
      withoutQueue: query.queueIds.includes(WITHOUT_QUEUE),
      statuses: query.status,
      onlyRated: query.onlyRated,
      ownUserId: reportOwnerOf(ctx.user),
    };
  }

  /** One page and the total. Numbers are whole here; the route masks them for whoever may not see them. */
  async page(ctx: RequestContext, query: ReportPageQuery): Promise<ReportPage> {
    const criteria = await this.criteria(ctx, query, await this.deps.numbers.masksFor(ctx));
    const [rows, total] = await Promise.all([
      this.repo.page(criteria, query.page, query.pageSize),
      this.repo.count(criteria),
    ]);
    return {
      tickets: rows.map(reportRow),
      totalTickets: { total },
      dateFrom: criteria.dateFrom,
      dateTo: criteria.dateTo,
    };
  }

  /**
   * The report's rows as an .xlsx stream, written while it is read: keyset
   * batches in the report's order, never all rows at once. The total is
   * counted first (the answer's header); with an `exportId` the asking user
   * gets `company-{id}-reportExport` progress after each batch.
   */
  async export(ctx: RequestContext, query: ReportExportQuery): Promise<{ total: number; stream: Readable }> {
    const masked = await this.deps.numbers.masksFor(ctx);
    const criteria = await this.criteria(ctx, query, masked);
    const [total, country] = await Promise.all([
      this.repo.count(criteria),
      this.deps.phones.country(ctx.companyId),
    ]);
    const stream = new PassThrough();
    const progress = (written: number, finished: boolean) => {
      if (!query.exportId) return;
      const payload: ReportExportPayload = {
        action: "update",
        exportId: query.exportId,
        written,
        total,
        finished,
      };
      this.deps.realtime.toUser(ctx.companyId, ctx.user.id, "reportExport", payload);
    };
    const repo = this.repo;
    async function* batches() {
      let after: { createdAt: string; id: number } | undefined;
      for (;;) {
        const rows = await repo.batch(criteria, after, EXPORT_BATCH_ROWS);
        if (rows.length === 0) return;
        // The number as the web shows it (the company's own country national, others international); a masked one as it is.
        yield rows.map((row) => ({
          ...row,
          contactNumber: masked
            ? maskNumber(row.contactNumber)
            : formatPhoneNumber(row.contactNumber, country),
        }));
        if (rows.length < EXPORT_BATCH_ROWS) return;
        const last = rows[rows.length - 1] as (typeof rows)[number];
        after = { createdAt: last.cursorAt, id: last.id };
      }
    }
    progress(0, false);
    writeReportWorkbook({
      output: stream,
      batches: batches(),
      labels: REPORT_EXPORT_LABELS[query.lang],
      onBatch: (written) => progress(written, false),
    }).then(
      (written) => progress(written, true),
      (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return { total, stream };
  }
}
