import { AppError } from "../../http/app-error.js";
import type { TicketLifecycleRepo } from "./lifecycle-repo.js";

/** One non-closed ticket per contact and connection: the index and the answer naming the open one. */
const UNIQUE_VIOLATION = "23505";
const ONE_OPEN_INDEX = "tickets_one_open_per_contact_key";

/** Thrown inside a transaction when the insert met the one-open index; mapped after the rollback. */
export class OneOpenConflict extends Error {}

export function otherOpenTicket(open: NonNullable<Awaited<ReturnType<TicketLifecycleRepo["openTicketOf"]>>>) {
  return new AppError("ERR_OTHER_OPEN_TICKET", {
    message: "An open ticket already exists for this contact",
    details: { ticket: open },
  });
}

export function isOneOpenViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let i = 0; i < 4 && current; i++) {
    const e = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (
      e.code === UNIQUE_VIOLATION &&
      (e.constraint === ONE_OPEN_INDEX || String(e.message ?? "").includes(ONE_OPEN_INDEX))
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
