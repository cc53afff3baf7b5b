import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.js";
import { runMigrations } from "./migrate.js";
import { companies, queues, users } from "./schema/index.js";
import { DEFAULT_QUEUE, seed } from "./seed.js";

/** A fresh install (an empty embedded database): what the first boot creates, and that a second boot adds nothing. */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await runMigrations(database);
});
afterAll(() => database.close());

describe("the seed of a fresh install", () => {
  it("creates company 1, its super admin and the default queue, once", async () => {
    const first = await seed(database.db, { adminEmail: "Owner@Example.com", adminPassword: "secret-123" });
    expect(first).toMatchObject({ adminEmail: "owner@example.com", createdAdmin: true });
    const again = await seed(database.db, { adminEmail: "owner@example.com" });
    expect(again.createdAdmin).toBe(false);

    const [company] = await database.db.select().from(companies).where(eq(companies.id, 1));
    expect(company).toMatchObject({ name: "Empresa 1", timezone: "America/Sao_Paulo" });
    const admins = await database.db.select().from(users).where(eq(users.companyId, 1));
    expect(admins).toMatchObject([{ email: "owner@example.com", profile: "admin", super: true }]);
    const rows = await database.db.select().from(queues).where(eq(queues.companyId, 1));
    expect(rows).toMatchObject([DEFAULT_QUEUE]);
  });
});
