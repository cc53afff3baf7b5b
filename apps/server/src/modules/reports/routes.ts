import { REPORT_EXPORT_FILE_NAME, reportExportQuery, reportPageDto, reportPageQuery } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { maskReportPage } from "../../privacy/number-masks.js";
import type { ReportsService } from "./service.js";

const WHO =
  "Any signed-in user: admins, super users and users with showDashboard enabled (the supervisors of " +
  "spec 2 section 1, as the dashboard) report on every ticket of the company; anyone else on the tickets " +
  "assigned to them only.";
const FILTERS =
  "Tickets created from dateFrom to dateTo (inclusive days of the company's time zone; default the first " +
  "of the month to today), newest first; searchParam matches the contact's name or number (names only " +
  "for a reader who sees masked numbers) or the last message; contactId; whatsappId, users, queueIds " +
  "(0: without queue) and status take a JSON array, a comma list or repeated keys; onlyRated keeps " +
  "rated tickets. Each ticket is one row; NPS is its latest rating.";
const LGPD =
  "LGPD: an ordinary user of a company that enables LGPD and hides numbers gets contacts' numbers masked.";

/** Ticket report (spec 2 sections 2, 3, 7). Thin: parse, call the service, answer. */
export function reportsRoutes(service: ReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/ticketreport/reports",
      {
        config: { numbers: maskReportPage },
        schema: {
          description: `One page of the ticket report and the total. ${FILTERS} page from 1; pageSize 5, 10, 20 or 50 (default 10). ${WHO} ${LGPD}`,
          querystring: reportPageQuery,
          response: { 200: reportPageDto },
        },
      },
      (req) => service.page(req.ctx, req.query),
    );

    app.get(
      "/ticketreport/reports/export",
      {
        schema: {
          description:
            `Every row of the report as '${REPORT_EXPORT_FILE_NAME}', streamed while it is written (the same rows ` +
            `and order as the pages). ${FILTERS} lang (pt, en, es, tr) chooses the sheet's words. The header ` +
            "X-Total-Count says how many rows follow; with exportId (a UUID the client chose) the user gets " +
            `company-{id}-reportExport progress events (written of total). ${WHO} ${LGPD}`,
          querystring: reportExportQuery,
        },
      },
      async (req, reply) => {
        const { total, stream } = await service.export(req.ctx, req.query);
        return reply
          .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
          .header("content-disposition", `attachment; filename="${REPORT_EXPORT_FILE_NAME}"`)
          .header("x-total-count", String(total))
          .header("cache-control", "no-store")
          .send(stream);
      },
    );
  };
}
