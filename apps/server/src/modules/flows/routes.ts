import {
  flowCreateSchema,
  flowDto,
  flowDuplicateSchema,
  flowPageDto,
  flowShowDto,
  flowsQuery,
  flowUpdateSchema,
  idParam,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FlowsService } from "./service.js";

const messageDto = z.object({ message: z.string() });
const WHO = "Any user of the company (spec 3 section 6 restricts no profile here; no plan flag).";

/** Flow list and its CRUD (spec 3 section 7, "Flow builder"). Thin: parse, call the service, answer. */
export function flowsRoutes(service: FlowsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/flowbuilder",
      {
        schema: {
          description: `One page (20) of the company's flows by name (no graph); searchParam matches the name. ${WHO}`,
          querystring: flowsQuery,
          response: { 200: flowPageDto },
        },
      },
      (req) => service.page(req.ctx, req.query),
    );

    app.post(
      "/flowbuilder",
      {
        schema: {
          description: `A new active flow holding the default graph: a single start node. ${WHO}`,
          body: flowCreateSchema,
          response: { 201: flowDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/flowbuilder",
      {
        schema: {
          description: `Renames the flow named by flowId (its graph is unchanged). ${WHO}`,
          body: flowUpdateSchema,
          response: { 200: flowDto },
        },
      },
      (req) => service.rename(req.ctx, req.body),
    );

    app.post(
      "/flowbuilder/duplicate",
      {
        schema: {
          description: `A copy of the flow named by flowId: same name, active flag, nodes and connections. ${WHO}`,
          body: flowDuplicateSchema,
          response: { 201: flowDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.duplicate(req.ctx, req.body.flowId)),
    );

    app.get(
      "/flowbuilder/flow/:id",
      {
        config: { owner: "flow" },
        schema: {
          description: `The flow with its graph in flow.flow: nodes and connections. ${WHO}`,
          params: idParam,
          response: { 200: flowShowDto },
        },
      },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.delete(
      "/flowbuilder/:id",
      {
        config: { owner: "flow" },
        schema: { description: `Deletes the flow. ${WHO}`, params: idParam, response: { 200: messageDto } },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Flow deleted" };
      },
    );
  };
}
