import { eq } from "drizzle-orm";
import { hashPassword, randomPassword } from "../auth/passwords.js";
import { createCompany, createPlan } from "../modules/companies/service.js";
import type { Db } from "./client.js";
import { companies, plans, queues, settings, users } from "./schema/index.js";

/**
 * The queue a fresh install starts with, so the first customer can be
 * accepted at once (accepting asks for a queue; the demo connection is
 * linked to it, see demo/demo.ts).
 */
export const DEFAULT_QUEUE = { name: "Atendimento", color: "#1976d2", orderQueue: 1 };

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
    company = {
      id: await createCompany(db, { name: "Empresa 1", planId: plan.id, dueDate: PLATFORM_DUE_DATE }),
    };
    await db
      .insert(settings)
      .values([
        { companyId: company.id, key: "userCreation", value: "enabled" },
        { companyId: company.id, key: "allowSignup", value: "enabled" },
      ])
      .onConflictDoNothing();
    await db
      .insert(queues)
      .values({ companyId: company.id, ...DEFAULT_QUEUE })
      .onConflictDoNothing();
  }

  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.companyId, company.id))
    .limit(1);
  if (admin) return { adminEmail, createdAdmin: false };
  const generatedPassword = options.adminPassword ? undefined : randomPassword(16);
  await db.insert(users).values({
    companyId: company.id,
    name: "Admin",
    email: adminEmail,
    passwordHash: await hashPassword(options.adminPassword ?? (generatedPassword as string)),
    profile: "admin",
    super: true,
    showDashboard: "enabled",
    allowRealTime: "enabled",
    allowConnections: "enabled",
    allUserChat: "enabled",
    allTicket: "enable",
    allowGroup: true,
  });
  return { adminEmail, generatedPassword, createdAdmin: true };
}
