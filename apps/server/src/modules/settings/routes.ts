import {
  companySettingOneQuery,
  companySettingsDto,
  idParam,
  settingDto,
  settingKeyParam,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SettingsService } from "./service.js";

/** Settings reads (spec 1 section 7, supporting calls). Thin. */
export function settingsRoutes(service: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/settings", { schema: { response: { 200: z.array(settingDto) } } }, (req) =>
      service.list(req.ctx),
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
  };
}
