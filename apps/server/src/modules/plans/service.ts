import type { PlanCreateInput, PlanDto, PlanUpdateInput } from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { authorizeManagePlans } from "./policy.js";
import { presentPlan } from "./presenter.js";
import { PlansRepo } from "./repo.js";

const nameTaken = () =>
  new AppError("ERR_PLAN_NAME_ALREADY_EXISTS", {
    field: "name",
    message: "Another plan already has this name",
  });
const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Plan not found" });

/**
 * Subscription plans (spec 2 sections 2 to 9). Platform data: super users
 * write and list them all; anyone reads the public ones. The name is unique
 * (the unique index decides, so two saves racing for one name give one plan
 * and a clear error); a plan some company is on is never deleted.
 */
export class PlansService {
  private readonly repo: PlansRepo;

  /** onPlanChanged: the plan flags cache (http/plan-gate.ts) reads again, so an edit gates at once. */
  constructor(private readonly deps: { db: Db; onPlanChanged?: () => void }) {
    this.repo = new PlansRepo(deps.db);
  }

  /** GET /plans/list: no token, so only the plans marked public. */
  async listPublic(): Promise<PlanDto[]> {
    return (await this.repo.list({ onlyPublic: true })).map(presentPlan);
  }

  async listAll(ctx: RequestContext): Promise<PlanDto[]> {
    authorizeManagePlans(ctx.user);
    return (await this.repo.list({ onlyPublic: false })).map(presentPlan);
  }

  async create(ctx: RequestContext, input: PlanCreateInput): Promise<PlanDto> {
    authorizeManagePlans(ctx.user);
    try {
      return presentPlan(await this.repo.insert(input));
    } catch (error) {
      if (isUniqueViolation(error, "plans_name_key")) throw nameTaken();
      throw error;
    }
  }

  async update(ctx: RequestContext, id: number, input: PlanUpdateInput): Promise<PlanDto> {
    authorizeManagePlans(ctx.user);
    try {
      const row = await this.repo.update(id, input);
      if (!row) throw notFound();
      this.deps.onPlanChanged?.();
      return presentPlan(row);
    } catch (error) {
      if (isUniqueViolation(error, "plans_name_key")) throw nameTaken();
      throw error;
    }
  }

  /**
   * Refused with ERR_PLAN_IN_USE while a company is on the plan. The plan row is locked first:
   * a company being created on it meanwhile (its foreign key takes a share lock) waits or wins.
   */
  async delete(ctx: RequestContext, id: number): Promise<void> {
    authorizeManagePlans(ctx.user);
    await this.deps.db.transaction(async (tx) => {
      if (!(await this.repo.lockForUpdate(tx, id))) throw notFound();
      const companies = await this.repo.companiesOn(tx, id);
      if (companies > 0)
        throw new AppError("ERR_PLAN_IN_USE", {
          status: 409,
          message: `${companies} ${companies === 1 ? "company is" : "companies are"} on this plan; move ${companies === 1 ? "it" : "them"} to another plan first`,
        });
      await this.repo.delete(tx, id);
    });
  }
}
