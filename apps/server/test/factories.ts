import { randomUUID } from "node:crypto";
import type { LoginResponse } from "@inbox/shared";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { hashPassword } from "../src/auth/passwords.js";
import type { Db } from "../src/db/client.js";
import { companies, contacts, queues, tickets, users, whatsapps } from "../src/db/schema/index.js";
import { createCompany, createPlan } from "../src/modules/companies/service.js";

/** Every test builds its own company; names carry a random suffix so tests can share a database. */
export const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

export const DEFAULT_PASSWORD = "secret123";
/** Hashing is deliberately slow; the default password is hashed once per test file. */
const defaultHash = hashPassword(DEFAULT_PASSWORD);
const passwordHashFor = (password: string) =>
  password === DEFAULT_PASSWORD ? defaultHash : hashPassword(password);

function isoDate(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}

export async function buildCompany(
  db: Db,
  options: { maxUsers?: number; dueInDays?: number; status?: boolean } = {},
) {
  const planId = await createPlan(db, { name: unique("plan"), users: options.maxUsers ?? 50 });
  const id = await createCompany(db, {
    name: unique("company"),
    planId,
    dueDate: isoDate(options.dueInDays ?? 30),
    status: options.status ?? true,
  });
  return { id, planId };
}

export async function buildUser(
  db: Db,
  companyId: number,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const { password = DEFAULT_PASSWORD, ...fields } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      companyId,
      name: unique("user"),
      email: `${unique("user")}@example.com`,
      passwordHash: await passwordHashFor(password),
      // An online user has just been seen: the users.mark-offline job of any jobs-enabled test server
      // on the shared PostgreSQL database would otherwise turn them offline in the middle of a test.
      ...(fields.online ? { lastSeenAt: new Date() } : {}),
      ...fields,
    })
    .returning();
  if (!row) throw new Error("no user");
  return { ...row, password };
}

export const buildAdmin = (db: Db, companyId: number, overrides: Partial<typeof users.$inferInsert> = {}) =>
  buildUser(db, companyId, { profile: "admin", ...overrides });

export async function buildQueue(
  db: Db,
  companyId: number,
  overrides: Partial<typeof queues.$inferInsert> = {},
) {
  const [row] = await db
    .insert(queues)
    .values({ companyId, name: unique("queue"), color: `#${randomUUID().slice(0, 6)}`, ...overrides })
    .returning();
  if (!row) throw new Error("no queue");
  return row;
}

export async function buildConnection(
  db: Db,
  companyId: number,
  overrides: Partial<typeof whatsapps.$inferInsert> = {},
) {
  const [row] = await db
    .insert(whatsapps)
    .values({ companyId, name: unique("connection"), ...overrides })
    .returning();
  if (!row) throw new Error("no connection");
  return row;
}

export async function buildContact(
  db: Db,
  companyId: number,
  overrides: Partial<typeof contacts.$inferInsert> = {},
) {
  const [row] = await db
    .insert(contacts)
    .values({
      companyId,
      name: unique("contact"),
      number: String(Date.now()) + Math.floor(Math.random() * 1e6),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("no contact");
  return row;
}

export async function buildTicket(
  db: Db,
  companyId: number,
  overrides: Partial<typeof tickets.$inferInsert> = {},
) {
  const contactId = overrides.contactId ?? (await buildContact(db, companyId)).id;
  const [row] = await db
    .insert(tickets)
    .values({ companyId, contactId, ...overrides })
    .returning();
  if (!row) throw new Error("no ticket");
  return row;
}

export interface Session extends LoginResponse {
  /** The refresh cookie's value. */
  refreshToken: string;
  headers: { authorization: string };
}

/** Signs in through the real route and keeps what the browser would keep. */
export async function login(
  app: FastifyInstance,
  email: string,
  password = DEFAULT_PASSWORD,
): Promise<Session> {
  const res = await app.inject({ method: "POST", url: "/auth/login", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as LoginResponse;
  const cookie = res.cookies.find((c) => c.name === "jrt");
  if (!cookie) throw new Error("no refresh cookie");
  return { ...body, refreshToken: cookie.value, headers: { authorization: `Bearer ${body.token}` } };
}

/** A company with an admin and an ordinary user, both signed in. */
export async function buildTeam(
  app: FastifyInstance,
  db: Db,
  options: Parameters<typeof buildCompany>[1] = {},
) {
  const company = await buildCompany(db, options);
  const admin = await buildAdmin(db, company.id);
  const user = await buildUser(db, company.id);
  return {
    company,
    admin,
    user,
    adminSession: await login(app, admin.email),
    userSession: await login(app, user.email),
  };
}

/**
 * Company 1 owns the platform's settings (signup, user creation, whitelabel).
 * The test database is not seeded: make it when this file's database has none.
 */
export async function ensurePlatformCompany(db: Db): Promise<void> {
  const [found] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, 1));
  if (found) return;
  const company = await buildCompany(db);
  if (company.id === 1) return;
  await db
    .insert(companies)
    .values({ id: 1, name: "Plataforma", planId: company.planId })
    .onConflictDoNothing();
  await db.execute(sql`SELECT setval('companies_id_seq', (SELECT max(id) FROM companies))`);
}
