import {
  campaignDto,
  campaignPageDto,
  campaignSchema,
  campaignSettingDto,
  campaignSettingsBody,
  campaignsQuery,
  cloudTemplateListDto,
  idParam,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readSingleUpload } from "../../http/single-upload.js";
import type { CampaignsService } from "./service.js";

const messageDto = z.object({ message: z.string() });
const gated = { planFeature: "useCampaigns" } as const;
const owned = { ...gated, owner: "campaign" } as const;
const WHO = "Needs the plan flag useCampaigns and a profile other than user (spec 3 section 6).";

/**
 * Campaigns and campaign settings (spec 3 section 7; docs/CAMPAIGNS.md). Thin: parse, call the
 * service, answer. Every route needs the plan flag useCampaigns (ERR_PLAN_NO_CAMPAIGNS otherwise).
 */
export function campaignsRoutes(service: CampaignsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/campaigns",
      {
        config: gated,
        schema: {
          description: `One page (20) of the company's campaigns, newest first, with each one's report counts; searchParam matches the name. ${WHO}`,
          querystring: campaignsQuery,
          response: { 200: campaignPageDto },
        },
      },
      (req) => service.list(req.ctx, req.query),
    );

    app.get(
      "/campaigns/templates/:id",
      {
        config: { ...gated, owner: "connection" },
        schema: {
          description:
            "The APPROVED message templates of the company's WhatsApp Cloud API connection {id}, read from the " +
            "Graph API (GET /{waba-id}/message_templates) on each call: name, language, category, the body " +
            "with its {{n}} placeholders and their count. 404 ERR_NO_WAPP_FOUND for another company's or an " +
            "unknown connection; 400 ERR_VALIDATION (field whatsappId) for a connection of another channel; " +
            `502 ERR_FACEBOOK_GRAPH when Meta refuses or cannot be reached. ${WHO}`,
          params: idParam,
          response: { 200: cloudTemplateListDto },
        },
      },
      (req) => service.templates(req.ctx, req.params.id),
    );

    app.get(
      "/campaigns/:id",
      {
        config: owned,
        schema: {
          description: `The campaign with its report counts (the report page) and its message slots: message1..5 and, on a whatsappapi connection, templates (index i = slot i+1, null for an empty slot). ${WHO}`,
          params: idParam,
          response: { 200: campaignDto },
        },
      },
      (req) => service.show(req.ctx, req.params.id),
    );

    const saveNotes =
      "The status is the server's: PROGRAMADA when scheduledAt is given (a time without offset is the " +
      "company's time zone), INATIVA otherwise. A scheduled campaign needs contactListId or tagListId and a " +
      "message (on a whatsappapi connection a template in one of the slots: templates[i] is slot i+1's, " +
      "the variant's template a contact gets; templates is [] on other channels). userId and queueId are " +
      "kept only with openTicket " +
      `enabled. ${WHO}`;

    app.post(
      "/campaigns",
      {
        config: gated,
        schema: {
          description: `Creates a campaign. ${saveNotes}`,
          body: campaignSchema,
          response: { 201: campaignDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/campaigns/:id",
      {
        config: owned,
        schema: {
          description:
            "Changes an editable campaign (INATIVA, or PROGRAMADA more than an hour ahead); a CANCELADA one " +
            `takes only its message texts; otherwise 409 ERR_CAMPAIGN_NOT_EDITABLE. ${saveNotes}`,
          params: idParam,
          body: campaignSchema,
          response: { 200: campaignDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/campaigns/:id",
      {
        config: owned,
        schema: {
          description: `Deletes the campaign and its shipping rows (a running one stops). ${WHO}`,
          params: idParam,
          response: { 200: messageDto },
        },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Campaign deleted" };
      },
    );

    app.post(
      "/campaigns/:id/cancel",
      {
        config: owned,
        schema: {
          description: `EM_ANDAMENTO -> CANCELADA: the sender stops before its next message. Another status: 409 ERR_CAMPAIGN_INVALID_STATUS. ${WHO}`,
          params: idParam,
          response: { 200: campaignDto },
        },
      },
      (req) => service.cancel(req.ctx, req.params.id),
    );

    app.post(
      "/campaigns/:id/restart",
      {
        config: owned,
        schema: {
          description: `CANCELADA -> EM_ANDAMENTO: the sender resumes with the contacts not reached yet. Another status: 409 ERR_CAMPAIGN_INVALID_STATUS. ${WHO}`,
          params: idParam,
          response: { 200: campaignDto },
        },
      },
      (req) => service.restart(req.ctx, req.params.id),
    );

    app.post(
      "/campaigns/:id/media-upload",
      {
        config: owned,
        schema: {
          description:
            "Multipart `file`: the attachment sent with each message, replacing any other. Typed from its bytes; " +
            `editable or cancelled campaigns only (409 ERR_CAMPAIGN_NOT_EDITABLE). ${WHO}`,
          params: idParam,
          response: { 200: campaignDto },
        },
      },
      async (req) => service.setMedia(req.ctx, req.params.id, await readSingleUpload(req)),
    );

    app.delete(
      "/campaigns/:id/media-upload",
      {
        config: owned,
        schema: {
          description: `The campaign goes without its attachment. ${WHO}`,
          params: idParam,
          response: { 200: campaignDto },
        },
      },
      (req) => service.removeMedia(req.ctx, req.params.id),
    );

    app.get(
      "/campaign-settings",
      {
        config: gated,
        schema: {
          description:
            "Every campaign setting as { key, value }, value JSON text (stored, or the default: messageInterval 20, " +
            `longerIntervalAfter 20, greaterInterval 60, variables [], sabado/domingo false, startHour 09:00, endHour 18:00). ${WHO}`,
          response: { 200: z.array(campaignSettingDto) },
        },
      },
      (req) => service.settings(req.ctx),
    );

    app.post(
      "/campaign-settings",
      {
        config: gated,
        schema: {
          description:
            "{ settings }: the keys given replace the stored ones; options as spec 3 section 9 lists them. " +
            `Answers every setting as GET does. ${WHO}`,
          body: campaignSettingsBody,
          response: { 200: z.array(campaignSettingDto) },
        },
      },
      (req) => service.saveSettings(req.ctx, req.body),
    );
  };
}
