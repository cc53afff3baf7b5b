import { describe, expect, it } from "vitest";
import { invoiceDisplayStatus } from "./schemas/invoice.js";

describe("invoiceDisplayStatus (spec 2 section 4)", () => {
  const today = new Date("2026-03-10T15:00:00Z");
  it("is paid once paid, whatever the date", () => {
    expect(invoiceDisplayStatus({ status: "paid", dueDate: "2026-01-01" }, today)).toBe("paid");
  });
  it("is overdue when unpaid and due before today", () => {
    expect(invoiceDisplayStatus({ status: "open", dueDate: "2026-03-09" }, today)).toBe("overdue");
  });
  it("is open when unpaid and due today or later", () => {
    expect(invoiceDisplayStatus({ status: "open", dueDate: "2026-03-10" }, today)).toBe("open");
    expect(invoiceDisplayStatus({ status: "open", dueDate: "2026-04-10" }, today)).toBe("open");
  });
});
