import { contactPathParam, contactTicketStatusDto } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TicketLifecycleService } from "./lifecycle-service.js";

/** GET /contacts/{id}/status (spec 1 section 7): kept apart so the contacts module can take it over. */
export function contactStatusRoutes(service: TicketLifecycleService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/contacts/:id/status",
      {
        config: { owner: "contact" },
        schema: { params: contactPathParam, response: { 200: contactTicketStatusDto } },
      },
      (req) => service.contactStatus(req.ctx, req.params.id),
    );
  };
}
