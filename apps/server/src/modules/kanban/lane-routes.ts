import { ticketIdParam, ticketTagParams } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TicketTagsService } from "./lane-moves.js";

const messageDto = z.object({ message: z.string() });

/** A ticket's tags and kanban lane (spec 2, the board's drag and drop). Thin. */
export function laneRoutes(service: TicketTagsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      "/ticket-tags/:ticketId/:tagId",
      {
        config: { owner: "ticketTag" },
        schema: {
          description:
            "Tags a ticket. A kanban tag (a lane) replaces the ticket's lane in one step: the old lane's link " +
            "is removed, the move is logged, and entering the lane sends its greeting to the contact and " +
            "starts its timer (timeLane hours, then nextLaneId); see docs/AUTOMATION.md, lanes. Moving to " +
            "the lane the ticket is in changes nothing. Any other tag is added.",
          params: ticketTagParams,
          response: { 200: messageDto },
        },
      },
      async (req) => {
        await service.tagTicket(req.ctx, req.params.ticketId, req.params.tagId);
        return { message: "Tag added to the ticket" };
      },
    );

    app.delete(
      "/ticket-tags/:ticketId",
      {
        config: { owner: "ticketTag" },
        schema: {
          description:
            "Takes the ticket out of its kanban lane (back to the board's default column), logged; its " +
            "pending lane timer is dropped. Other tags stay.",
          params: ticketIdParam,
          response: { 200: messageDto },
        },
      },
      async (req) => {
        await service.leaveLane(req.ctx, req.params.ticketId);
        return { message: "Kanban tags removed from the ticket" };
      },
    );
  };
}
