import type { SignupBody, SignupResponse } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../auth/passwords.js";
import type { RateLimiter } from "../../auth/rate-limiter.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { plans } from "../../db/schema/index.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { AppError } from "../../http/app-error.js";
import { provisionCompany } from "../companies/service.js";
import { trialDays, trialDueDate } from "../companies/trial.js";
import { SettingsRepo } from "../settings/repo.js";
import { UsersRepo } from "../users/repo.js";

export interface SignupDeps {
  db: Db;
  config: Config;
  rateLimiter: RateLimiter;
}

const emailTaken = () =>
  new AppError("ERR_USER_EMAIL_ALREADY_EXISTS", {
    field: "email",
    message: "An user with this email already exists.",
  });

/**
 * POST /auth/signup (spec 2): a visitor creates a company on a public plan
 * and becomes its admin. Allowed only while the platform's allowSignup is
 * enabled and userCreation is not disabled. The company gets a trial
 * (trialDays, default 7), its settings with their defaults, the default
 * queue and its admin, all in one transaction; the admin can sign in at once.
 * Rate limited like the login, per address and per e-mail.
 */
export async function signUp(deps: SignupDeps, input: SignupBody, ip: string): Promise<SignupResponse> {
  const { rateLimiter, config, db } = deps;
  await rateLimiter.hit(`signup:ip:${ip}`, config.RATE_LIMIT_PER_IP);
  await rateLimiter.hit(`signup:email:${input.email}`, config.RATE_LIMIT_PER_EMAIL);
  const passwordHash = await hashPassword(input.password);
  const settings = new SettingsRepo(db);
  const users = new UsersRepo(db);
  try {
    return await db.transaction(async (tx) => {
      if ((await settings.platformValue("allowSignup", tx))?.value !== "enabled")
        throw new AppError("ERR_SIGNUP_DISABLED", { message: "Signup is not allowed on this platform" });
      if ((await settings.platformValue("userCreation", tx))?.value === "disabled")
        throw new AppError("ERR_USER_CREATION_DISABLED", { message: "User creation is disabled" });
      const [plan] = await tx
        .select({ id: plans.id, isPublic: plans.isPublic })
        .from(plans)
        .where(eq(plans.id, input.planId))
        .limit(1);
      if (!plan?.isPublic)
        throw new AppError("ERR_PLAN_NOT_AVAILABLE", {
          field: "planId",
          message: "This plan is not available",
        });
      if (await users.emailTaken(input.email, undefined, tx)) throw emailTaken();
      const dueDate = trialDueDate(await trialDays(settings, tx));
      const { companyId, adminId } = await provisionCompany(
        tx,
        {
          name: input.companyName,
          email: input.email,
          phone: input.phone,
          document: input.document,
          planId: plan.id,
          dueDate,
        },
        { name: input.name, email: input.email, passwordHash },
      );
      return { companyId, userId: adminId as number, dueDate };
    });
  } catch (error) {
    // Two signups with one e-mail at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error, "users_email_key")) throw emailTaken();
    if (isUniqueViolation(error, "companies_name_key"))
      throw new AppError("ERR_COMPANY_NAME_ALREADY_EXISTS", {
        field: "companyName",
        message: "Another company already has this name",
      });
    throw error;
  }
}
