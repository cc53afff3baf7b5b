import {
  idParam,
  queueIntegrationDto,
  queueIntegrationPageDto,
  queueIntegrationSchema,
  queueIntegrationsQuery,
  queueIntegrationTestDto,
  queueIntegrationTestSchema,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { QueueIntegrationsService } from "./service.js";

const gated = { planFeature: "useIntegrations" } as const;
const owned = { ...gated, owner: "queueIntegration" } as const;
const WHO =
  "Plan flag useIntegrations; admins only (profile user: ERR_NO_PERMISSION, on writes with spec 3's message).";
const SECRETS =
  "jsonContent (Dialogflow's JSON key) and geminiApiKey are write-only: answers say only whether they are set; " +
  'a save without them or with "" keeps them, null removes them.';

/** Integrations (spec 3 section 7, "Integrations"). Thin: parse, call the service, answer. */
export function queueIntegrationsRoutes(service: QueueIntegrationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/queueIntegration",
      {
        config: gated,
        schema: {
          description: `One page (20) of the company's integrations by name; searchParam matches the name. ${WHO}`,
          querystring: queueIntegrationsQuery,
          response: { 200: queueIntegrationPageDto },
        },
      },
      (req) => service.page(req.ctx, req.query),
    );

    app.post(
      "/queueIntegration/test",
      {
        config: gated,
        schema: {
          description:
            "Dialogflow test (spec 3): one detect intent of `text` (default 'Olá') with projectName, jsonContent " +
            "(or the stored key of integrationId) and language; answers the agent's messages, or " +
            "ERR_INTEGRATION_CREDENTIALS, ERR_INTEGRATION_REFUSED (400) or ERR_INTEGRATION_UNAVAILABLE (502). " +
            WHO,
          body: queueIntegrationTestSchema,
          response: { 200: queueIntegrationTestDto },
        },
      },
      (req) => service.test(req.ctx, req.body),
    );

    app.get(
      "/queueIntegration/:id",
      { config: owned, schema: { params: idParam, response: { 200: queueIntegrationDto } } },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/queueIntegration",
      {
        config: gated,
        schema: {
          description: `An integration of a type of spec 3 with its fields. ${SECRETS} ${WHO}`,
          body: queueIntegrationSchema,
          response: { 201: queueIntegrationDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/queueIntegration/:id",
      {
        config: owned,
        schema: {
          description: `Replaces the integration's fields. ${SECRETS} ${WHO}`,
          params: idParam,
          body: queueIntegrationSchema,
          response: { 200: queueIntegrationDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/queueIntegration/:id",
      {
        config: owned,
        schema: { params: idParam, response: { 200: z.object({ message: z.string() }) } },
      },
      (req) => service.remove(req.ctx, req.params.id),
    );
  };
}
