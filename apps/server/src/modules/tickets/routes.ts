import { ticketDto, ticketListDto, ticketListQuery, ticketUuidParam } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TicketsService } from "./service.js";

/** Tickets (spec 1 section 7). Thin: parse, call the service, answer. */
export function ticketsRoutes(service: TicketsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/tickets",
      {
        schema: {
          description:
            "One page (40) of the tickets the signed-in user may see, most recently updated first. " +
            "queueIds, whatsapps, users and tags take repeated keys, a JSON array or a comma list; " +
            "queue 0 means 'without queue'. date and updatedAt are accepted and not applied yet.",
          querystring: ticketListQuery,
          response: { 200: ticketListDto },
        },
      },
      (req) => service.list(req.ctx, req.query),
    );

    app.get(
      "/tickets/u/:uuid",
      { config: { owner: "ticket" }, schema: { params: ticketUuidParam, response: { 200: ticketDto } } },
      (req) => service.showByUuid(req.ctx, req.params.uuid),
    );
  };
}
