import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { companies, companySettings, plans, queues, users } from "../../db/schema/index.js";
import { ofCompany } from "../../db/tenant-scope.js";
import { AppError } from "../../http/app-error.js";
import type { Realtime } from "../../realtime/realtime.js";
import { UsersRepo } from "../users/repo.js";

export interface NewCompany {
  name: string;
  planId: number;
  dueDate: string | null;
  email?: string;
  phone?: string;
  document?: string;
  status?: boolean;
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
