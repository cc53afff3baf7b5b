import {
  flowCampaignDto,
  flowCampaignListDto,
  flowCampaignSchema,
  flowCampaignUpdateSchema,
  idParam,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FlowCampaignsService } from "./service.js";

const CHECKS =
  "flowId must be a flow of the company and whatsappId (optional) one of its connections: 400 ERR_VALIDATION " +
  "on that field otherwise.";

/** Phrase campaigns (spec 3 section 7, "Phrase campaigns"). Thin: parse, call the service, answer. */
export function flowCampaignsRoutes(service: FlowCampaignsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/flowcampaign",
      {
        schema: {
          description: "Every phrase campaign of the company by name (at most 1,000), as `flow`.",
          response: { 200: flowCampaignListDto },
        },
      },
      (req) => service.list(req.ctx),
    );

    app.get(
      "/flowcampaign/:id",
      { config: { owner: "flowCampaign" }, schema: { params: idParam, response: { 200: flowCampaignDto } } },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/flowcampaign",
      {
        schema: {
          description: `A phrase campaign: name, flowId and phrase required, whatsappId optional, status (default on). ${CHECKS}`,
          body: flowCampaignSchema,
          response: { 201: flowCampaignDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/flowcampaign",
      {
        schema: {
          description: `Replaces the phrase campaign \`id\` (in the body, as spec 3 sends it). ${CHECKS}`,
          body: flowCampaignUpdateSchema,
          response: { 200: flowCampaignDto },
        },
      },
      (req) => service.update(req.ctx, req.body),
    );

    app.delete(
      "/flowcampaign/:id",
      {
        config: { owner: "flowCampaign" },
        schema: {
          description: "Admins only (spec 3 section 6: the contacts page's delete rule).",
          params: idParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      (req) => service.remove(req.ctx, req.params.id),
    );
  };
}
