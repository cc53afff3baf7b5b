import { usersMomentsDto } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { maskUsersMoments } from "../../privacy/number-masks.js";
import type { MomentsService } from "./service.js";

/** The attendance panel (spec 2 section 7, GET /usersMoments). Thin: call the service, answer. */
export function momentsRoutes(service: MomentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/usersMoments",
      {
        config: { numbers: maskUsersMoments },
        schema: {
          description:
            "The attendance panel: the company's users (one column each, by name, with online), every column's " +
            "size (userId null: 'Pendentes', the pending tickets and the open ones nobody holds; a user's column: " +
            "the open tickets they hold), and the cards: per column its 25 (MOMENTS_COLUMN_CAP) most recently updated tickets as " +
            "attendance moment items; plus the company's queues and connections. Admins, super users and users " +
            "with allowRealTime enabled (others: 403 ERR_NO_PERMISSION). LGPD: an ordinary user of a company that " +
            "enables LGPD and hides numbers gets contacts' numbers masked. Live: company-{id}-ticket, -appMessage, " +
            "-user, -contact and -queue (the socket joins the panel's room with the client event joinMoments).",
          response: { 200: usersMomentsDto },
        },
      },
      (req) => service.usersMoments(req.ctx),
    );
  };
}
