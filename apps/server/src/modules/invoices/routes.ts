import { dbIdParam, invoiceDto, invoiceListDto, pageQuery } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../http/app-error.js";
import type { InvoicesService } from "./service.js";

/**
 * Invoices of the caller's company (spec 2 section 7). Both stay open to a
 * company whose subscription expired: reading the invoice is how it pays.
 */
export function invoicesRoutes(service: InvoicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/invoices/all",
      {
        config: { allowExpired: true },
        schema: {
          description:
            "The caller's company's invoices, newest first, 40 a page; searchParam filters the detail. Super users see their own company's too. Open to an expired company.",
          querystring: pageQuery,
          response: { 200: invoiceListDto },
        },
      },
      (req) => service.list(req.ctx, req.query.searchParam, req.query.pageNumber),
    );

    app.get(
      "/invoices/:id",
      {
        config: { owner: "invoice", allowExpired: true },
        schema: {
          description:
            "One invoice of the caller's company (another company's: 404). Open to an expired company.",
          params: z.object({ id: dbIdParam }),
          response: { 200: invoiceDto },
        },
      },
      (req) => service.get(req.ctx, req.params.id),
    );

    app.get(
      "/companies/:id/invoices",
      {
        config: { owner: "company" },
        schema: {
          description:
            "Super users (others: 403 ERR_NO_PERMISSION): one company's invoices, newest first, 40 a page, as GET /invoices/all; the companies screen's 'Faturas', where the owner confirms a PIX payment (PUT /invoices/{id}/paid).",
          params: z.object({ id: dbIdParam }),
          querystring: pageQuery,
          response: { 200: invoiceListDto },
        },
      },
      (req) => service.listOfCompany(req.ctx, req.params.id, req.query.searchParam, req.query.pageNumber),
    );

    app.post(
      "/invoices/generate",
      {
        // Super users only; open like the rest of /invoices so the area follows one rule.
        config: { allowExpired: true },
        schema: {
          description:
            "Super users (others: 403 ERR_NO_PERMISSION): runs the daily invoice generation now (every company due within 10 days or past gets its invoice for that due date, once). Answers how many invoices were made.",
          response: { 200: z.object({ created: z.number() }) },
        },
      },
      async (req) => {
        if (!req.ctx.user.super) throw new AppError("ERR_NO_PERMISSION");
        return { created: await service.generate() };
      },
    );
  };
}
