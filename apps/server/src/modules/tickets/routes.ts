import { ticketDto, ticketListDto, ticketListQuery, ticketShowQuery, ticketUuidParam } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { maskTicket, maskTicketList } from "../../privacy/number-masks.js";
import type { TicketsService } from "./service.js";

/** Tickets (spec 1 section 7). Thin: parse, call the service, answer. */
export function ticketsRoutes(service: TicketsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/tickets",
      {
        config: { numbers: maskTicketList },
        schema: {
          description:
            "One page (40) of the tickets the signed-in user may see, most recently updated first. " +
            "queueIds, whatsapps, users and tags take repeated keys, a JSON array or a comma list; " +
            "queue 0 means 'without queue'. date and updatedAt are accepted and not applied yet. " +
            "LGPD: when the company enables LGPD and hides numbers, an ordinary user (profile user) gets each " +
            "contact's number masked ('5511912**-**78') and searchParam matches names only, never digits of numbers.",
          querystring: ticketListQuery,
          response: { 200: ticketListDto },
        },
      },
      (req) => service.list(req.ctx, req.query),
    );

    app.get(
      "/tickets/u/:uuid",
      {
        config: { owner: "ticket", numbers: maskTicket },
        schema: {
          description:
            "The ticket with its contact; the contact's number masked for ordinary users under LGPD. " +
            "Opening a ticket logs an 'access' entry in its history (once per run of the same user's views); " +
            "peek=true reads it without one, for checks that do not open the conversation.",
          params: ticketUuidParam,
          querystring: ticketShowQuery,
          response: { 200: ticketDto },
        },
      },
      (req) => service.showByUuid(req.ctx, req.params.uuid, { logAccess: !req.query.peek }),
    );
  };
}
