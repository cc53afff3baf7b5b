/** PostgreSQL's unique_violation (23505), through drizzle's wrapping; optionally of one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let i = 0; i < 3 && current; i++) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === undefined || name === undefined || name === constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
