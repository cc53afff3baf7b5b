import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { buildCompany, buildContact } from "../../test/factories.js";
import { emptyPostgresDatabase } from "../../test/fresh-database.js";
import { databaseBefore } from "../../test/migrated-before.js";
import { openDatabase, rowsOf } from "./client.js";
import {
  createdIndexName,
  MIGRATIONS_DIR,
  OUTSIDE_TRANSACTION,
  runMigrations,
  runsOutsideTransaction,
} from "./migrate.js";

const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};
const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((migration, i) => ({
  ...migration,
  tag: journal.entries[i]?.tag ?? "",
}));

/** Migrations before this one built their indexes in a transaction; from it on, none may on an existing table. */
const FIRST_CONCURRENT = "0055";

const statementsOf = (migration: { sql: string[] }) =>
  migration.sql
    .map((statement) => statement.replace(OUTSIDE_TRANSACTION, "").trim())
    .filter((statement) => statement.length > 0);

/** Each named index that exists: whether queries may use it, and its definition. */
async function indexesNamed(pglite: PGlite, names: string[]) {
  const { rows } = await pglite.query<{ name: string; valid: boolean; definition: string }>(
    `SELECT c.relname AS name, i.indisvalid AS valid, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = ANY($1) ORDER BY 1`,
    [names],
  );
  return rows;
}

describe("migrations", () => {
  it("outside a transaction only build or drop indexes, concurrently and repeatably", () => {
    const outside = migrations.filter(runsOutsideTransaction);
    expect(outside.map((m) => m.tag)).toContain("0055_contacts_by_channel_and_groups");
    for (const migration of outside)
      for (const statement of statementsOf(migration))
        expect(
          createdIndexName(statement) !== undefined || /^DROP INDEX CONCURRENTLY IF EXISTS /i.test(statement),
          `${migration.tag}: ${statement}`,
        ).toBe(true);
  });

  it("build no index in a transaction on a table they did not create, from 0055 on", () => {
    // CREATE INDEX blocks every write to its table until it is built: minutes on a busy one.
    for (const migration of migrations.filter(
      (m) => m.tag >= FIRST_CONCURRENT && !runsOutsideTransaction(m),
    )) {
      const created = new Set(
        statementsOf(migration).flatMap((s) =>
          [...s.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"(\w+)"/gi)].map((m) => m[1]),
        ),
      );
      for (const statement of statementsOf(migration)) {
        const index = /CREATE (?:UNIQUE )?INDEX [^;]*? ON "(\w+)"/i.exec(statement);
        if (index)
          expect(
            created.has(index[1] as string),
            `${migration.tag} builds an index on ${index[1]} in a transaction`,
          ).toBe(true);
      }
    }
  });

  it("go on from drizzle's own record: one row per migration, and a second run applies nothing", async () => {
    const { database, pglite, migrateRest } = await databaseBefore(FIRST_CONCURRENT, { byDrizzle: true });
    try {
      await migrateRest();
      await migrateRest();
      const { rows } = await pglite.query<{ hash: string }>(
        "SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id",
      );
      expect(rows.map((r) => r.hash)).toEqual(migrations.map((m) => m.hash));
      const built = await indexesNamed(pglite, [
        "contacts_company_channel_name_idx",
        "contacts_company_group_name_idx",
      ]);
      expect(built.map(({ name, valid }) => ({ name, valid }))).toEqual([
        { name: "contacts_company_channel_name_idx", valid: true },
        { name: "contacts_company_group_name_idx", valid: true },
      ]);
    } finally {
      await database.close();
    }
  });

  it("build again an index a failed or cut-off build left invalid", async () => {
    const { database, pglite, migrateRest } = await databaseBefore(FIRST_CONCURRENT);
    try {
      // A concurrent build that fails (here a unique index over duplicates) leaves its index behind, invalid.
      const company = await buildCompany(database.db);
      await buildContact(database.db, company.id);
      await buildContact(database.db, company.id);
      await expect(
        pglite.exec(
          `CREATE UNIQUE INDEX CONCURRENTLY "contacts_company_channel_name_idx" ON contacts (company_id)`,
        ),
      ).rejects.toThrow();
      const left = await indexesNamed(pglite, ["contacts_company_channel_name_idx"]);
      expect(left.map(({ valid }) => ({ valid }))).toEqual([{ valid: false }]);

      await migrateRest();
      const rebuilt = await indexesNamed(pglite, ["contacts_company_channel_name_idx"]);
      expect(rebuilt).toEqual([
        {
          name: "contacts_company_channel_name_idx",
          valid: true,
          definition: expect.stringContaining("USING btree (company_id, channel, name, id)"),
        },
      ]);
    } finally {
      await database.close();
    }
  });

  // PostgreSQL only (CI's server-pg run): the embedded database has one connection, so no second process.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL, two processes starting at once both come up on the migrated database",
    async () => {
      const url = await emptyPostgresDatabase("inbox_migrate_twice");
      const [first, second] = [
        await openDatabase({ url, poolMax: 1 }),
        await openDatabase({ url, poolMax: 1 }),
      ];
      try {
        await Promise.all([runMigrations(first), runMigrations(second)]);
        const recorded = rowsOf<{ n: number }>(
          await first.db.execute("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations"),
        );
        expect(recorded[0]?.n).toBe(migrations.length);
      } finally {
        await first.close();
        await second.close();
      }
    },
  );
});
