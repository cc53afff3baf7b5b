import { Placeholder, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

const dialect = new PgDialect({ casing: "snake_case" });

/**
 * A statement as db/shaped-statement.ts prepares it: its text, and its parameters with each
 * placeholder by name (":p3") and each fixed value as it is. Two requests of one shape must give
 * the same of both (the shape tests of the ticket and contact lists).
 */
export function renderedStatement(query: SQL): { text: string; params: string } {
  const rendered = dialect.sqlToQuery(query);
  const params = rendered.params.map((p) => (p instanceof Placeholder ? `:${p.name}` : p));
  return { text: rendered.sql, params: JSON.stringify(params) };
}
