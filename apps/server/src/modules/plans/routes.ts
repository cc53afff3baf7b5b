import { idParam, planCreateSchema, planDto, planListQuery, planUpdateSchema } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PlansService } from "./service.js";

const messageDto = z.object({ message: z.string() });

/** GET /plans/list: no token (the signup page). Thin. */
export function publicPlansRoutes(service: PlansService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/plans/list",
      {
        config: { public: true },
        schema: {
          description:
            "No token. The plans marked public (isPublic), by name, for the signup page. `listPublic=false` " +
            "is the filter the signup page sends (spec 2 section 7); private plans are never listed here, " +
            "whatever its value.",
          querystring: planListQuery,
          response: { 200: z.array(planDto) },
        },
      },
      () => service.listPublic(),
    );
  };
}

/** Plans of the platform (spec 2 sections 2 to 9): super users only. Thin. */
export function plansRoutes(service: PlansService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/plans/all",
      {
        // Paying needs the plans: an expired company still reads them (http/subscription-gate.ts).
        config: { allowExpired: true },
        schema: {
          description: "Super users (others: 403 ERR_NO_PERMISSION). Every plan, public or not, by name.",
          response: { 200: z.array(planDto) },
        },
      },
      (req) => service.listAll(req.ctx),
    );

    app.post(
      "/plans",
      {
        schema: {
          description:
            "Super users (others: 403 ERR_NO_PERMISSION). Name required and unique (400 " +
            "ERR_PLAN_NAME_ALREADY_EXISTS, field name); users, connections and queues whole numbers from 0 " +
            "(default 10); amount a decimal from 0 with up to two decimals (default 0); isPublic and the use " +
            "flags default to true.",
          body: planCreateSchema,
          response: { 201: planDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/plans/:id",
      {
        config: { owner: "plan" },
        schema: {
          description:
            "Super users (others: 403 ERR_NO_PERMISSION). The fields given change; a name another plan has " +
            "answers 400 ERR_PLAN_NAME_ALREADY_EXISTS; an unknown plan 404 ERR_NOT_FOUND.",
          params: idParam,
          body: planUpdateSchema,
          response: { 200: planDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/plans/:id",
      {
        config: { owner: "plan" },
        schema: {
          description:
            "Super users (others: 403 ERR_NO_PERMISSION). A plan some company is on is kept: 409 " +
            "ERR_PLAN_IN_USE (move those companies to another plan first); an unknown plan 404 ERR_NOT_FOUND.",
          params: idParam,
          response: { 200: messageDto },
        },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Plan deleted" };
      },
    );
  };
}
