import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { companies, companySettings, plans, users } from "../../db/schema/index.js";
import { ofCompany } from "../../db/tenant-scope.js";
import { AppError } from "../../http/app-error.js";
import type { Realtime } from "../../realtime/realtime.js";
import { UsersRepo } from "../users/repo.js";

export interface NewCompany {
  name: string;
  planId: number;
  dueDate: string | null;
  email?: string;
  status?: boolean;
}

/** A company always has its settings row; both are created together. */
export async function createCompany(db: Db, input: NewCompany): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(companies).values(input).returning({ id: companies.id });
    if (!row) throw new Error("insert returned no row");
    await tx.insert(companySettings).values({ companyId: row.id });
    return row.id;
  });
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
