import { idParam, ticketNoteCreateSchema, ticketNoteDto, ticketNoteListQuery } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TicketNotesService } from "./service.js";

/** Internal notes (spec 1 section 7, notes and tags). Thin. */
export function ticketNotesRoutes(service: TicketNotesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/ticket-notes/list",
      {
        schema: {
          description:
            "The contact's notes with their authors' names, newest first; of one ticket when ticketId is given.",
          querystring: ticketNoteListQuery,
          response: { 200: z.array(ticketNoteDto) },
        },
      },
      (req) => service.list(req.ctx, req.query.contactId, req.query.ticketId),
    );

    app.post(
      "/ticket-notes",
      { schema: { body: ticketNoteCreateSchema, response: { 201: ticketNoteDto } } },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.delete(
      "/ticket-notes/:id",
      {
        config: { owner: "ticketNote" },
        schema: { params: idParam, response: { 200: z.object({ message: z.string() }) } },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Note deleted" };
      },
    );
  };
}
