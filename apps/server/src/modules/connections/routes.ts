import {
  CHANNELS,
  connectionCreateSchema,
  connectionDto,
  connectionUpdateSchema,
  idParam,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ConnectionsService } from "./service.js";

const listQuery = z.object({
  // Accepted for compatibility with the spec's calls; the company always comes from the token.
  companyId: z.string().max(20).optional(),
  session: z.string().max(5).optional(),
  channel: z.enum(CHANNELS).optional(),
});

/** Connections (spec 2 sections 2, 3, 6, 7). */
export function connectionsRoutes(service: ConnectionsService): FastifyPluginAsyncZod {
  return async (app) => {
    const list = { schema: { querystring: listQuery, response: { 200: z.array(connectionDto) } } };
    app.get("/whatsapp", list, (req) => service.list(req.ctx, req.query.channel));
    app.get("/whatsapp/filter", list, (req) => service.list(req.ctx, req.query.channel));
    app.get("/whatsapp/all", list, (req) => service.list(req.ctx, req.query.channel));

    app.get(
      "/whatsapp/:id",
      { config: { owner: "connection" }, schema: { params: idParam, response: { 200: connectionDto } } },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/whatsapp",
      { schema: { body: connectionCreateSchema, response: { 201: connectionDto } } },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/whatsapp/:id",
      {
        config: { owner: "connection" },
        schema: { params: idParam, body: connectionUpdateSchema, response: { 200: connectionDto } },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/whatsapp/:id",
      {
        config: { owner: "connection" },
        schema: { params: idParam, response: { 200: z.object({ message: z.string() }) } },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Whatsapp deleted." };
      },
    );

    const session = {
      config: { owner: "connection" },
      schema: { params: idParam, response: { 200: connectionDto } },
    };
    app.post("/whatsappsession/:id", session, (req) => service.session(req.ctx, req.params.id, "start"));
    app.put("/whatsappsession/:id", session, (req) => service.session(req.ctx, req.params.id, "renew"));
    app.delete("/whatsappsession/:id", session, (req) => service.session(req.ctx, req.params.id, "stop"));
  };
}
