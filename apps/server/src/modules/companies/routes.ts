import { companyPlanDto, dbIdParam } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import { CompaniesRepo } from "./repo.js";

/**
 * GET /companies/listPlan/{companyId} (spec 1 section 7): the plan of the
 * signed-in user's own company, with its limits and use flags. Another
 * company's plan is "not found", as any record of another tenant; the
 * platform's super users may read any company's.
 */
export function companiesRoutes(db: Db): FastifyPluginAsyncZod {
  const repo = new CompaniesRepo(db);
  return async (app) => {
    app.get(
      "/companies/listPlan/:companyId",
      {
        config: { owner: "company" },
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
  };
}
