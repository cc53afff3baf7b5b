import { Placeholder, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { expect } from "vitest";

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

/** Statements met per shape: every later statement of a shape must equal the first one's. */
export class ShapeSweep {
  private readonly first = new Map<string, { text: string; params: string }>();
  /** How many statements were compared with an earlier one of their shape. */
  compared = 0;

  get shapes(): number {
    return this.first.size;
  }

  check(shape: string, statement: { text: string; params: string }): void {
    const first = this.first.get(shape);
    if (!first) {
      this.first.set(shape, statement);
      return;
    }
    expect(statement.text, shape).toBe(first.text);
    expect(statement.params, shape).toBe(first.params);
    this.compared++;
  }
}
