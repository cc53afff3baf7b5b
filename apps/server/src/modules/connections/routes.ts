import { CHANNELS } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { connectionDto, presentConnection } from "./presenter.js";
import { ConnectionsRepo } from "./repo.js";

/**
 * GET /whatsapp (spec 1 section 7, supporting calls): the company's
 * connections for pickers. `companyId` and `session` are accepted for
 * compatibility; the company always comes from the token.
 */
export function connectionsRoutes(db: Db): FastifyPluginAsyncZod {
  const repo = new ConnectionsRepo(db);
  return async (app) => {
    app.get(
      "/whatsapp",
      {
        schema: {
          querystring: z.object({
            companyId: z.string().max(20).optional(),
            session: z.string().max(5).optional(),
            channel: z.enum(CHANNELS).optional(),
          }),
          response: { 200: z.array(connectionDto) },
        },
      },
      async (req) => (await repo.list(req.ctx.companyId, req.query.channel)).map(presentConnection),
    );
  };
}
