import {
  companyCreateSchema,
  companyDeleteSchema,
  companyDetailDto,
  companyDto,
  companyListQuery,
  companyOptionDto,
  companyPageDto,
  companyPlanDto,
  companyUpdateSchema,
  dbIdParam,
  idParam,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import { CompaniesRepo } from "./repo.js";
import type { CompaniesService } from "./service.js";

const SUPER_ONLY = "Super users only (others: 403 ERR_NO_PERMISSION).";
const pageDescription =
  `${SUPER_ONLY} Companies by name (case ignored) then id, ${20} a page; searchParam matches the ` +
  "name or e-mail. Each row carries its plan (name, amount, limits), lastLogin and the storage of " +
  "the company's folder as last measured (folderSize in bytes, numberFileFolder, updatedAtFolder). " +
  "Answers { companies, count, hasMore }.";

/** The platform's companies (spec 2 sections 2 to 9). Thin: the service checks who may. */
export function companiesRoutes(db: Db, service: CompaniesService): FastifyPluginAsyncZod {
  const repo = new CompaniesRepo(db);
  return async (app) => {
    /**
     * GET /companies/listPlan/{companyId} (spec 1 section 7): the plan of the
     * signed-in user's own company, with its limits and use flags. Another
     * company's plan is "not found", as any record of another tenant; the
     * platform's super users may read any company's.
     */
    app.get(
      "/companies/listPlan/:companyId",
      {
        // The invoice and subscription pages read it while the company is expired.
        config: { owner: "company", allowExpired: true },
        schema: { params: z.object({ companyId: dbIdParam }), response: { 200: companyPlanDto } },
      },
      async (req) => {
        const { companyId } = req.params;
        if (companyId !== req.ctx.companyId && !req.ctx.user.super) throw new AppError("ERR_NOT_FOUND");
        const found = await repo.findWithPlan(companyId);
        if (!found) throw new AppError("ERR_NOT_FOUND");
        return found.plan;
      },
    );

    app.get(
      "/companies",
      {
        schema: {
          description: pageDescription,
          querystring: companyListQuery,
          response: { 200: companyPageDto },
        },
      },
      (req) => service.page(req.ctx, req.query),
    );

    app.get(
      "/companiesPlan",
      {
        schema: {
          description: `${pageDescription} The spec's GET /companiesPlan/ (same answer, read as companies and hasMore).`,
          querystring: companyListQuery,
          response: { 200: companyPageDto },
        },
      },
      (req) => service.page(req.ctx, req.query),
    );

    app.get(
      "/companies/list",
      {
        schema: {
          description: `${SUPER_ONLY} Every company (id, name, status) by name, for pickers.`,
          response: { 200: z.array(companyOptionDto) },
        },
      },
      (req) => service.options(req.ctx),
    );

    app.get(
      "/companies/:id",
      {
        config: { owner: "company" },
        schema: {
          description:
            "A super user reads any company, every field with its plan and business hours. Any other " +
            "user reads only their own company's id, name and business hours (the settings panel's " +
            "schedules tab); another company's id answers 404.",
          params: idParam,
          response: { 200: companyDetailDto },
        },
      },
      (req) => service.detail(req.ctx, req.params.id),
    );

    app.post(
      "/companies",
      {
        schema: {
          description:
            `${SUPER_ONLY} Creates a company ready to work: its settings with defaults, the default ` +
            "queue and its first admin (the company's e-mail and password), who can sign in at once. " +
            "name 2 to 50 ('Nome é obrigatório'), unique ignoring case (400 ERR_COMPANY_NAME_ALREADY_EXISTS); " +
            "email required and valid ('E-mail é obrigatório', 'Email é inválido'), unique among users " +
            "(400 ERR_USER_EMAIL_ALREADY_EXISTS); planId an existing plan (400 ERR_PLAN_NOT_AVAILABLE); " +
            "dueDate YYYY-MM-DD, an empty or invalid one is null; recurrence MENSAL, BIMESTRAL, " +
            "TRIMESTRAL, SEMESTRAL or ANUAL (default MENSAL); document a CPF or CNPJ when given " +
            "('CPF/CNPJ inválido'); password 5 to 50.",
          body: companyCreateSchema,
          response: { 201: companyDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/companies/:id",
      {
        config: { owner: "company" },
        schema: {
          description:
            `${SUPER_ONLY} The fields given change, with the rules of POST /companies (password is ` +
            "ignored). status false switches the company off and ends its users' sessions at once; the " +
            "platform owner's company is never switched off (403 ERR_NO_PERMISSION).",
          params: idParam,
          body: companyUpdateSchema,
          response: { 200: companyDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/companies/:id",
      {
        config: { owner: "company" },
        schema: {
          description:
            `${SUPER_ONLY} Deletes the company with every row and file it owns, after a typed ` +
            "confirmation: body { name } must be the company's name (400 ERR_COMPANY_CONFIRMATION_MISMATCH). " +
            "The company is switched off at once (sessions end); a job removes the rest and reports " +
            "progress to the caller on company-{id}-companyDeletion { companyId, done, total, finished }. " +
            "Answers 202. The platform owner's company and the caller's own are never deleted (403).",
          params: idParam,
          body: companyDeleteSchema,
          response: { 202: z.object({ message: z.string(), companyId: z.number() }) },
        },
      },
      async (req, reply) => {
        await service.delete(req.ctx, req.params.id, req.body.name);
        return reply.status(202).send({ message: "Company deletion started", companyId: req.params.id });
      },
    );
  };
}
