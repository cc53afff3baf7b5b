import { type InvoiceDto, type InvoiceListDto, LIMITS } from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { CompaniesRepo } from "../companies/repo.js";
import { generateInvoices } from "./jobs.js";
import { presentInvoice } from "./presenter.js";
import { InvoicesRepo } from "./repo.js";

/**
 * Reading invoices. Every user, super users included, sees only their own
 * company's (as the Whaticket family does): an invoice is what that company
 * owes, and the platform owner's view of other companies is the companies
 * screen, not their bills.
 */
export class InvoicesService {
  private readonly repo: InvoicesRepo;

  constructor(private readonly deps: { db: Db }) {
    this.repo = new InvoicesRepo(deps.db);
  }

  /** The generation job's pass, run now (POST /invoices/generate, super users). */
  generate(): Promise<number> {
    return generateInvoices(this.deps.db);
  }

  list(ctx: RequestContext, search: string, page: number): Promise<InvoiceListDto> {
    return this.page(ctx.companyId, search, page);
  }

  /**
   * Super users: one company's invoices (GET /companies/{id}/invoices), so the
   * platform owner can confirm a payment the embedded PIX provider cannot see.
   */
  async listOfCompany(
    ctx: RequestContext,
    companyId: number,
    search: string,
    page: number,
  ): Promise<InvoiceListDto> {
    if (!ctx.user.super) throw new AppError("ERR_NO_PERMISSION");
    if (!(await new CompaniesRepo(this.deps.db).findWithPlan(companyId)))
      throw new AppError("ERR_NOT_FOUND", { message: "Company not found" });
    return this.page(companyId, search, page);
  }

  async get(ctx: RequestContext, id: number): Promise<InvoiceDto> {
    const row = await this.repo.findById(ctx.companyId, id);
    if (!row) throw new AppError("ERR_NOT_FOUND", { message: "Invoice not found" });
    return presentInvoice(row);
  }

  private async page(companyId: number, search: string, page: number): Promise<InvoiceListDto> {
    const pageSize = LIMITS.pageSize;
    const { rows, count } = await this.repo.list(companyId, { search, page, pageSize });
    return { invoices: rows.map(presentInvoice), count, hasMore: page * pageSize < count };
  }
}
