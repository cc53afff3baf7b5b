import {
  ticketCloseAllBody,
  ticketCloseAllDto,
  ticketCreateBody,
  ticketDto,
  ticketLogListDto,
  ticketLogParam,
  ticketPathParam,
  ticketUpdateBody,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { maskTicket } from "../../privacy/number-masks.js";
import type { TicketLifecycleService } from "./lifecycle-service.js";

/** The ticket lifecycle (spec 1 sections 4 and 7). Thin: parse, call the service, answer. */
export function ticketLifecycleRoutes(service: TicketLifecycleService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/tickets",
      {
        config: { numbers: maskTicket },
        schema: {
          description:
            "Opens a ticket for a contact on a connection. When one is already open for them: 409 " +
            "ERR_OTHER_OPEN_TICKET with `ticket` {id, uuid, status, userId, user {name}, queue {name}}.",
          body: ticketCreateBody,
          response: { 201: ticketDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.post(
      "/tickets/closeAll",
      { schema: { body: ticketCloseAllBody, response: { 200: ticketCloseAllDto } } },
      (req) => service.closeAll(req.ctx, req.body),
    );

    app.put(
      "/tickets/:id",
      {
        config: { owner: "ticket", numbers: maskTicket },
        schema: {
          description:
            "Accept, return to queue, resolve (with or without farewell), ignore, reopen or transfer " +
            "(spec 1 section 4). A ticket another attendant already took answers unchanged: its userId " +
            "and user name say who handles it. With the closeTicketOnTransfer setting, a transfer to another " +
            "queue closes this ticket and answers the new ticket the conversation goes on in (another id).",
          params: ticketPathParam,
          body: ticketUpdateBody,
          response: { 200: ticketDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/tickets/:id",
      {
        config: { owner: "ticket" },
        schema: { params: ticketPathParam, response: { 200: z.object({ message: z.string() }) } },
      },
      async (req) => {
        await service.remove(req.ctx, req.params.id);
        return { message: "ticket deleted" };
      },
    );

    app.get(
      "/tickets-log/:ticketId",
      {
        config: { owner: "ticket" },
        schema: { params: ticketLogParam, response: { 200: ticketLogListDto } },
      },
      (req) => service.logs(req.ctx, req.params.ticketId),
    );
  };
}
