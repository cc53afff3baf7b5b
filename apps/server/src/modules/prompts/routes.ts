import { idParam, promptDto, promptPageDto, promptSchema, promptsQuery } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PromptsService } from "./service.js";

const gated = { planFeature: "useOpenAi" } as const;
const owned = { ...gated, owner: "prompt" } as const;
const WHO = "Plan flag useOpenAi; admins only (profile user: ERR_NO_PERMISSION).";
const FIELDS =
  "name, apiKey (required at create) and prompt required; queueId required and of the company " +
  "('Informe o setor'); voice 'texto' or one of the 15 pt-BR neural voices. apiKey and voiceKey are " +
  'write-only: answers say only whether they are set; a save without them or with "" keeps them, ' +
  "voiceKey null removes it.";

/** AI prompts (spec 3 section 7, "Prompts"). Thin: parse, call the service, answer. */
export function promptsRoutes(service: PromptsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/prompt",
      {
        config: gated,
        schema: {
          description: `One page (20) of the company's prompts by name, with the count. ${WHO}`,
          querystring: promptsQuery,
          response: { 200: promptPageDto },
        },
      },
      (req) => service.page(req.ctx, req.query),
    );

    app.get(
      "/prompt/:id",
      { config: owned, schema: { params: idParam, response: { 200: promptDto } } },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/prompt",
      {
        config: gated,
        schema: {
          description: `A prompt. ${FIELDS} ${WHO}`,
          body: promptSchema,
          response: { 201: promptDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/prompt/:id",
      {
        config: owned,
        schema: {
          description: `Replaces the prompt's fields. ${FIELDS} ${WHO}`,
          params: idParam,
          body: promptSchema,
          response: { 200: promptDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/prompt/:id",
      {
        config: owned,
        schema: {
          description: `Deletes the prompt; connections that answered through it are unlinked. ${WHO}`,
          params: idParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      (req) => service.remove(req.ctx, req.params.id),
    );
  };
}
