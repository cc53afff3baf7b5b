import { dashboardDto, dashboardMomentsDto, dashboardMomentsQuery, dashboardQuery } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { maskMoments } from "../../privacy/number-masks.js";
import type { DashboardService } from "./service.js";

/** Dashboard (spec 1 sections 2, 3, 7). Thin: parse, call the service, answer. */
export function dashboardRoutes(service: DashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/dashboard",
      {
        schema: {
          description:
            "Counters, attendant rows and tickets per day over the non-group tickets created from date_from " +
            "to date_to (inclusive days of the viewer, whose clock is utcOffset minutes east of UTC; default " +
            "the start of the month to today). Admins and users with showDashboard enabled.",
          querystring: dashboardQuery,
          response: { 200: dashboardDto },
        },
      },
      (req) => service.summary(req.ctx, req.query),
    );

    app.get(
      "/dashboard/moments",
      {
        config: { numbers: maskMoments },
        schema: {
          description:
            "Tickets of the attendance panel, most recently updated first: status (default open and pending), " +
            "queueIds (0: without queue), userId, updated from dateStart to dateEnd (default the last 30 days), " +
            "within the viewer's ticket visibility (showAll where allowed). Admins and users with showDashboard " +
            "or allowRealTime enabled. LGPD: an ordinary user of a company that enables LGPD and hides numbers " +
            "gets contacts' numbers masked.",
          querystring: dashboardMomentsQuery,
          response: { 200: dashboardMomentsDto },
        },
      },
      (req) => service.moments(req.ctx, req.query),
    );
  };
}
