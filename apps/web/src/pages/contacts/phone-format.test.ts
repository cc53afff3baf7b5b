import { describe, expect, it } from "vitest";
import { formatPhone } from "./phone-format";

describe("formatPhone", () => {
  it("applies the Brazilian mask to mobiles and landlines", () => {
    expect(formatPhone("5511987654321")).toBe("+55 (11) 98765-4321");
    expect(formatPhone("551133334444")).toBe("+55 (11) 3333-4444");
  });

  it("leaves other numbers, ids and LGPD masks as they are", () => {
    expect(formatPhone("14155550100")).toBe("14155550100");
    expect(formatPhone("5511987**-**21")).toBe("5511987**-**21");
    expect(formatPhone("")).toBe("");
  });
});
