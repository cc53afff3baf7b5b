import type {
  CompanyCreateBody,
  CompanyDetailDto,
  CompanyDto,
  CompanyOptionDto,
  CompanyPageDto,
  CompanyUpdateBody,
} from "@inbox/shared";
import { COMPANIES_PAGE_SIZE } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../auth/passwords.js";
import type { Db, Tx } from "../../db/client.js";
import { companies, companySettings, plans, queues, users } from "../../db/schema/index.js";
import { ofCompany } from "../../db/tenant-scope.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import { SettingsRepo } from "../settings/repo.js";
import { UsersRepo } from "../users/repo.js";
import type { CompanyDeletion } from "./deletion.js";
import { assertCanSwitchOff, assertRemovable, authorizeManageCompanies } from "./policy.js";
import { presentCompany } from "./presenter.js";
import { CompaniesRepo } from "./repo.js";
import { trialDays, trialDueDate } from "./trial.js";

export interface NewCompany {
  name: string;
  planId: number;
  dueDate: string | null;
  email?: string;
  phone?: string | null;
  document?: string | null;
  status?: boolean;
  recurrence?: string;
  paymentMethod?: string | null;
  addressStreet?: string | null;
  addressState?: string | null;
  addressCity?: string | null;
}

/**
 * The queue a new company starts with, so its first customer can be accepted
 * at once (accepting asks for a queue; the demo connection is linked to it,
 * see demo/demo.ts).
 */
export const DEFAULT_QUEUE = { name: "Atendimento", color: "#1976d2", orderQueue: 1 };

/** A company always has its settings row; both are created together. */
export async function createCompany(db: Db, input: NewCompany): Promise<number> {
  return db.transaction((tx) => insertCompany(tx, input));
}

async function insertCompany(tx: Tx, input: NewCompany): Promise<number> {
  const [row] = await tx.insert(companies).values(input).returning({ id: companies.id });
  if (!row) throw new Error("insert returned no row");
  await tx.insert(companySettings).values({ companyId: row.id });
  return row.id;
}

/** The first admin of a company: every permission an admin holds (the seed's super admin, a signup's admin). */
export interface NewCompanyAdmin {
  name: string;
  email: string;
  passwordHash: string;
  super?: boolean;
}

export function companyAdminValues(companyId: number, admin: NewCompanyAdmin): typeof users.$inferInsert {
  return {
    companyId,
    name: admin.name,
    email: admin.email,
    passwordHash: admin.passwordHash,
    profile: "admin",
    super: admin.super ?? false,
    showDashboard: "enabled",
    allowRealTime: "enabled",
    allowConnections: "enabled",
    allUserChat: "enabled",
    allTicket: "enable",
    allowGroup: true,
  };
}

/**
 * A company ready to work, inside the caller's transaction: the company, its
 * settings row with the defaults, the default queue and, when given, its
 * admin. The seed makes company 1 with it, the signup every other company.
 */
export async function provisionCompany(
  tx: Tx,
  input: NewCompany,
  admin?: NewCompanyAdmin,
): Promise<{ companyId: number; adminId?: number }> {
  const companyId = await insertCompany(tx, input);
  await tx.insert(queues).values({ companyId, ...DEFAULT_QUEUE });
  if (!admin) return { companyId };
  const [user] = await tx
    .insert(users)
    .values(companyAdminValues(companyId, admin))
    .returning({ id: users.id });
  if (!user) throw new Error("insert returned no row");
  return { companyId, adminId: user.id };
}

export async function createPlan(db: Db, input: typeof plans.$inferInsert): Promise<number> {
  const [row] = await db.insert(plans).values(input).returning({ id: plans.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/**
 * Switches a company on or off (the super user's company form, spec 2).
 * Switching it off ends every session of its users at once: their access
 * tokens fail the version check on the next request, their refresh tokens
 * are revoked and their sockets close on every node. While it is off,
 * login, refresh, the API and the socket handshake refuse them
 * (UsersRepo.findForAuth). The company holding super users (the platform
 * owner's) is never switched off.
 */
export async function setCompanyStatus(
  deps: { db: Db; realtime: Realtime },
  companyId: number,
  active: boolean,
): Promise<void> {
  const found = await deps.db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!company) return false;
    if (!active) {
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(ofCompany(users, companyId, eq(users.super, true)))
        .limit(1);
      if (owner)
        throw new AppError("ERR_NO_PERMISSION", { message: "The platform owner's company stays active" });
    }
    await tx
      .update(companies)
      .set({ status: active, updatedAt: new Date() })
      .where(eq(companies.id, companyId));
    if (!active) await new UsersRepo(deps.db).endSessions(tx, companyId);
    return true;
  });
  if (!found) throw new AppError("ERR_NOT_FOUND", { message: "Company not found" });
  if (!active) deps.realtime.endSessions(companyId);
}

const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Company not found" });
const nameTaken = () =>
  new AppError("ERR_COMPANY_NAME_ALREADY_EXISTS", {
    field: "name",
    message: "Another company already has this name",
  });
const emailTaken = () =>
  new AppError("ERR_USER_EMAIL_ALREADY_EXISTS", {
    field: "email",
    message: "An user with this email already exists.",
  });
const planMissing = () =>
  new AppError("ERR_PLAN_NOT_AVAILABLE", { field: "planId", message: "This plan does not exist" });

/**
 * The platform's companies (spec 2 sections 2 to 9): super users list, create, change and delete
 * them. Creating makes a company ready to work (provisionCompany) whose admin signs in at once;
 * switching one off ends its sessions (setCompanyStatus); deleting it is a job (deletion.ts).
 */
export class CompaniesService {
  private readonly repo: CompaniesRepo;

  constructor(
    private readonly deps: {
      db: Db;
      realtime: Realtime;
      deletion: CompanyDeletion;
      /** A company moved to another plan: its plan flags are read again at once (http/plan-gate.ts). */
      onPlanChanged?: (companyId: number) => void;
    },
  ) {
    this.repo = new CompaniesRepo(deps.db);
  }

  async page(
    ctx: RequestContext,
    query: { searchParam: string; pageNumber: number },
  ): Promise<CompanyPageDto> {
    authorizeManageCompanies(ctx.user);
    const { rows, count } = await this.repo.page(query.searchParam, query.pageNumber, COMPANIES_PAGE_SIZE);
    return {
      companies: rows.map((row) => presentCompany(row.company, row.plan)),
      count,
      hasMore: query.pageNumber * COMPANIES_PAGE_SIZE < count,
    };
  }

  async options(ctx: RequestContext): Promise<CompanyOptionDto[]> {
    authorizeManageCompanies(ctx.user);
    return this.repo.options();
  }

  /** A super user reads any company; anyone else only their own company's hours (the schedules tab). */
  async detail(ctx: RequestContext, id: number): Promise<CompanyDetailDto> {
    if (!ctx.user.super && id !== ctx.companyId) throw notFound();
    const found = await this.repo.findWithPlan(id);
    if (!found) throw notFound();
    const { company, plan } = found;
    if (!ctx.user.super) return { id: company.id, name: company.name, schedules: company.schedules };
    return { ...presentCompany(company, plan), schedules: company.schedules };
  }

  async create(ctx: RequestContext, input: CompanyCreateBody): Promise<CompanyDto> {
    authorizeManageCompanies(ctx.user);
    const { password, ...fields } = input;
    const passwordHash = await hashPassword(password);
    const users = new UsersRepo(this.deps.db);
    try {
      const companyId = await this.deps.db.transaction(async (tx) => {
        const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, fields.planId));
        if (!plan) throw planMissing();
        if (await users.emailTaken(fields.email, undefined, tx)) throw emailTaken();
        // Without a due date the company would be expired from its first day (spec 1 section 4):
        // it gets the platform's trial, as a signed-up company does.
        const dueDate = fields.dueDate ?? trialDueDate(await trialDays(new SettingsRepo(this.deps.db), tx));
        const { companyId } = await provisionCompany(
          tx,
          { ...fields, dueDate },
          {
            name: fields.name,
            email: fields.email,
            passwordHash,
          },
        );
        return companyId;
      });
      return this.present(companyId);
    } catch (error) {
      throw this.uniqueError(error);
    }
  }

  async update(ctx: RequestContext, id: number, input: CompanyUpdateBody): Promise<CompanyDto> {
    authorizeManageCompanies(ctx.user);
    const { status, ...fields } = input;
    const found = await this.repo.findWithPlan(id);
    if (!found) throw notFound();
    if (status === false) assertCanSwitchOff(id, await this.repo.holdsSuperUser(id));
    try {
      await this.deps.db.transaction(async (tx) => {
        if (fields.planId !== undefined) {
          const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, fields.planId));
          if (!plan) throw planMissing();
        }
        if (Object.keys(fields).length > 0 && !(await this.repo.update(id, fields, tx))) throw notFound();
      });
    } catch (error) {
      throw this.uniqueError(error);
    }
    if (fields.planId !== undefined && fields.planId !== found.company.planId) this.deps.onPlanChanged?.(id);
    // Switching off ends every session of the company at once.
    if (status !== undefined && status !== found.company.status)
      await setCompanyStatus(this.deps, id, status);
    return this.present(id);
  }

  /**
   * Asks for the deletion after the typed confirmation: the company is switched off at once (its
   * sessions end), then the job removes its rows and files and reports progress to the caller.
   */
  async delete(ctx: RequestContext, id: number, typedName: string | undefined): Promise<void> {
    authorizeManageCompanies(ctx.user);
    const found = await this.repo.findWithPlan(id);
    if (!found) throw notFound();
    assertRemovable(ctx.user, id, await this.repo.holdsSuperUser(id));
    if ((typedName ?? "").trim() !== found.company.name)
      throw new AppError("ERR_COMPANY_CONFIRMATION_MISMATCH", {
        field: "name",
        message: "Type the company's name exactly to confirm",
      });
    if (found.company.status) await setCompanyStatus(this.deps, id, false);
    await this.deps.deletion.request({
      companyId: id,
      companyName: found.company.name,
      actor: { companyId: ctx.companyId, userId: ctx.user.id },
    });
  }

  private async present(id: number): Promise<CompanyDto> {
    const found = await this.repo.findWithPlan(id);
    if (!found) throw notFound();
    return presentCompany(found.company, found.plan);
  }

  /** Two saves racing for one name or e-mail: the unique index decides, the loser hears why. */
  private uniqueError(error: unknown): unknown {
    if (isUniqueViolation(error, "companies_name_key")) return nameTaken();
    if (isUniqueViolation(error, "users_email_key")) return emailTaken();
    return error;
  }
}
