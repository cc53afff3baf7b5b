import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { QueuesRepo } from "./repo.js";

export const queueDto = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string().nullable(),
  orderQueue: z.number().nullable(),
});

/** GET /queue (spec 1 section 7, supporting calls): the company's queues, for pickers. */
export function queuesRoutes(db: Db): FastifyPluginAsyncZod {
  const repo = new QueuesRepo(db);
  return async (app) => {
    app.get("/queue", { schema: { response: { 200: z.array(queueDto) } } }, (req) =>
      repo.list(req.ctx.companyId),
    );
  };
}
