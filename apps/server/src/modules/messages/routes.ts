import { messageListDto, messagePageQuery, ticketIdParam } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MessagesService } from "./service.js";

/** Messages (spec 1 section 7). Thin: parse, call the service, answer. */
export function messagesRoutes(service: MessagesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/messages/:ticketId",
      {
        config: { owner: "ticket" },
        schema: {
          description:
            "Page pageNumber (1 = newest, 40 per page) of the ticket's messages, oldest first within the page. " +
            "Reading page 1 sets the ticket's unread counter to 0.",
          params: ticketIdParam,
          querystring: messagePageQuery,
          response: { 200: messageListDto },
        },
      },
      (req) => service.list(req.ctx, req.params.ticketId, req.query.pageNumber),
    );
  };
}
