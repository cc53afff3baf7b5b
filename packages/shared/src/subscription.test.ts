import { describe, expect, it } from "vitest";
import { addMonths, nextDueDate } from "./subscription.js";

describe("addMonths", () => {
  it("keeps the day, or clamps it to the month's last", () => {
    expect(addMonths("2026-01-15", 1)).toBe("2026-02-15");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
    expect(addMonths("2026-06-10", 12)).toBe("2027-06-10");
  });
});

describe("nextDueDate", () => {
  const today = new Date("2026-11-26T15:00:00Z");
  it("counts from the due date when paid before it", () => {
    expect(nextDueDate("2026-12-01", "MENSAL", today)).toBe("2027-01-01");
    expect(nextDueDate("2026-12-01", "TRIMESTRAL", today)).toBe("2027-03-01");
  });
  it("counts from today when paid on or after it, or with no due date", () => {
    expect(nextDueDate("2026-10-01", "MENSAL", today)).toBe("2026-12-26");
    expect(nextDueDate("2026-11-26", "ANUAL", today)).toBe("2027-11-26");
    expect(nextDueDate(null, "SEMESTRAL", today)).toBe("2027-05-26");
  });
});
