import { describe, expect, it } from "vitest";
import { buildUser } from "../../test/render";
import { seesMaskedNumbers } from "./lgpd";

const withSettings = (profile: "admin" | "user", settings: Record<string, string>) =>
  buildUser({
    profile,
    company: {
      id: 2,
      name: "Acme",
      dueDate: "2999-12-31",
      companieSettings: Object.entries(settings).map(([key, value]) => ({ key, value })),
    },
  });

describe("seesMaskedNumbers (LGPD)", () => {
  it("is true for an ordinary user only when the company enables LGPD and hides numbers", () => {
    expect(
      seesMaskedNumbers(withSettings("user", { enableLGPD: "enabled", lgpdHideNumber: "enabled" })),
    ).toBe(true);
    expect(
      seesMaskedNumbers(withSettings("user", { enableLGPD: "disabled", lgpdHideNumber: "enabled" })),
    ).toBe(false);
    expect(
      seesMaskedNumbers(withSettings("user", { enableLGPD: "enabled", lgpdHideNumber: "disabled" })),
    ).toBe(false);
    expect(
      seesMaskedNumbers(withSettings("admin", { enableLGPD: "enabled", lgpdHideNumber: "enabled" })),
    ).toBe(false);
  });
});
