import {
  companySchedulesDto,
  companySchedulesSchema,
  companySettingOneQuery,
  companySettingsDto,
  companySettingUpdateSchema,
  idParam,
  publicSettingQuery,
  settingDto,
  settingKeyParam,
  settingUpdateSchema,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SettingsService } from "./service.js";
import { settingWriteDescription } from "./setting-docs.js";

/** The settings panel's calls (spec 2 section 7, settings) and the reads of spec 1. Thin. */
export function settingsRoutes(service: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/settings",
      {
        schema: {
          description:
            "Every setting of the signed-in user's company, by key: the attendance settings, the company's own key/value settings (downloadLimit) and the platform's (userCreation, allowSignup, whitelabel; company 1). Admins only.",
          response: { 200: z.array(settingDto) },
        },
      },
      (req) => service.list(req.ctx),
    );

    app.put(
      "/settings/:key",
      {
        config: { owner: "setting" },
        schema: {
          description: settingWriteDescription("Changes one setting of the company: body { value }."),
          params: settingKeyParam,
          body: settingUpdateSchema,
          response: { 200: settingDto },
        },
      },
      (req) => service.update(req.ctx, req.params.key, req.body.value),
    );

    app.get(
      "/setting/:key",
      { config: { owner: "setting" }, schema: { params: settingKeyParam, response: { 200: settingDto } } },
      (req) => service.show(req.ctx, req.params.key),
    );

    app.get(
      "/companySettings/:id",
      { config: { owner: "company" }, schema: { params: idParam, response: { 200: companySettingsDto } } },
      (req) => service.companySettings(req.ctx, req.params.id),
    );

    app.get(
      "/companySettingOne",
      { schema: { querystring: companySettingOneQuery, response: { 200: companySettingsDto } } },
      (req) => service.companySettingOne(req.ctx, req.query.column),
    );

    app.put(
      "/companySettings",
      {
        schema: {
          description: settingWriteDescription(
            "Changes one setting of the company as the Whaticket family sends it: body { column, data }, column being the setting's key. Same keys, rules and answers as PUT /settings/{key}; answers { key, value }.",
          ),
          body: companySettingUpdateSchema,
          response: { 200: settingDto },
        },
      },
      (req) => service.update(req.ctx, req.body.column, req.body.data),
    );

    app.put(
      "/companies/:id/schedules",
      {
        config: { owner: "company" },
        schema: {
          description:
            "The company's business hours, used when the scheduleType setting is company: up to seven weekdays, each with shifts A and B (HH:MM, both times or neither, end after start). Admins of the company only; another company's id answers 404. An empty list means no hours (always open). Announced as `company-{id}-settings` { action: 'update', schedules }.",
          params: idParam,
          body: companySchedulesSchema,
          response: { 200: companySchedulesDto },
        },
      },
      (req) => service.updateSchedules(req.ctx, req.params.id, req.body.schedules),
    );
  };
}

/** GET /public-settings/{key}: no token; only the keys the login and signup screens need. */
export function publicSettingsRoutes(service: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/public-settings/:key",
      {
        config: { public: true },
        schema: {
          description:
            "A platform setting the screens before login need, without a session: allowSignup, appName, primaryColorLight, primaryColorDark, appLogoLight, appLogoDark, appLogoFavicon (company 1). Answers the value as a JSON string, or null when it was never set; any other key answers 404. The `token` query parameter of the original clients is accepted and ignored: it was a constant shipped in the web app, so it protected nothing.",
          params: settingKeyParam,
          querystring: publicSettingQuery,
          response: { 200: z.string().nullable() },
        },
      },
      // Fastify sends a returned string as raw text; the original answers it as JSON ("enabled").
      async (req, reply) =>
        reply.type("application/json").send(JSON.stringify(await service.publicValue(req.params.key))),
    );
  };
}
