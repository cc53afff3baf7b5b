import { eq } from "drizzle-orm";
import { hashPassword, randomPassword } from "../auth/passwords.js";
import {
  companyAdminValues,
  createPlan,
  DEFAULT_QUEUE,
  provisionCompany,
} from "../modules/companies/service.js";
import type { Db } from "./client.js";
import { companies, plans, settings, users } from "./schema/index.js";

export { DEFAULT_QUEUE };

export interface SeedResult {
  adminEmail: string;
  /** Set only when this run created the admin with a generated password (printed once). */
  generatedPassword?: string;
  createdAdmin: boolean;
}

/** The platform owner's company never expires. */
const PLATFORM_DUE_DATE = "2999-12-31";

/**
 * Idempotent: the default plan, company 1 (the platform owner) and its super
 * admin exist after it runs. An existing admin is left as it is.
 */
export async function seed(
  db: Db,
  options: { adminEmail: string; adminPassword?: string },
): Promise<SeedResult> {
  const adminEmail = options.adminEmail.toLowerCase();
  let [plan] = await db.select({ id: plans.id }).from(plans).orderBy(plans.id).limit(1);
  if (!plan)
    plan = {
      id: await createPlan(db, { name: "Plano 1", users: 10, connections: 10, queues: 10, amount: "0" }),
    };

  let [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, 1));
  if (!company) {
    company = await db.transaction(async (tx) => {
      const { companyId } = await provisionCompany(tx, {
        name: "Empresa 1",
        planId: (plan as { id: number }).id,
        dueDate: PLATFORM_DUE_DATE,
      });
      await tx
        .insert(settings)
        .values([
          { companyId, key: "userCreation", value: "enabled" },
          { companyId, key: "allowSignup", value: "enabled" },
        ])
        .onConflictDoNothing();
      return { id: companyId };
    });
  }

  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.companyId, company.id))
    .limit(1);
  if (admin) return { adminEmail, createdAdmin: false };
  const generatedPassword = options.adminPassword ? undefined : randomPassword(16);
  await db.insert(users).values(
    companyAdminValues(company.id, {
      name: "Admin",
      email: adminEmail,
      passwordHash: await hashPassword(options.adminPassword ?? (generatedPassword as string)),
      super: true,
    }),
  );
  return { adminEmail, generatedPassword, createdAdmin: true };
}
