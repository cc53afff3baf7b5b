import { afterEach, describe, expect, it } from "vitest";
import i18n from "../../../i18n";
import plansEn from "../../../i18n/locales/plans/en";
import plansEs from "../../../i18n/locales/plans/es";
import plansTr from "../../../i18n/locales/plans/tr";
import { emptyPlanForm, type PlanFormInput, planErrorText, planFormSchema } from "./plan-form";

afterEach(() => {
  void i18n.changeLanguage("pt");
});

/** Each form the shared schema refuses, with the field it refuses. */
const BROKEN: [string, Partial<PlanFormInput>][] = [
  ["name", { name: "" }],
  ["name", { name: "x".repeat(101) }],
  ["users", { users: -1 }],
  ["connections", { connections: 1.5 }],
  ["queues", { queues: Number.NaN }],
  ["users", { users: 2_147_483_648 }],
  ["amount", { amount: "-3" }],
  ["amount", { amount: "1,999" }],
  ["amount", { amount: "99999999999" }],
];

/** The schema's messages for a broken form, by field. */
function issues(patch: Partial<PlanFormInput>): [string, string][] {
  const result = planFormSchema.safeParse({ ...emptyPlanForm(), name: "Pro", ...patch });
  if (result.success) throw new Error(`accepted ${JSON.stringify(patch)}`);
  return result.error.issues.map((issue) => [String(issue.path[0]), issue.message]);
}

describe("plan form validation messages", () => {
  it("shows every rule the shared schema breaks in Portuguese, none of its English texts", () => {
    const shown = BROKEN.map(([field, patch]) => {
      const found = issues(patch);
      expect(new Set(found.map(([at]) => at))).toEqual(new Set([field]));
      // A field breaking two rules at once (an 11-digit amount) still shows one text.
      const texts = new Set(found.map(([at, message]) => planErrorText(message, at)));
      expect(texts.size).toBe(1);
      return [field, [...texts][0]];
    });
    expect(shown).toEqual([
      ["name", "Informe um nome de 1 a 100 caracteres."],
      ["name", "Informe um nome de 1 a 100 caracteres."],
      ["users", "Informe um número inteiro de 0 a 2147483647."],
      ["connections", "Informe um número inteiro de 0 a 2147483647."],
      ["queues", "Informe um número inteiro de 0 a 2147483647."],
      ["users", "Informe um número inteiro de 0 a 2147483647."],
      ["amount", "Informe um valor de 0 a 9999999999,99, com até duas casas decimais."],
      ["amount", "Informe um valor de 0 a 9999999999,99, com até duas casas decimais."],
      ["amount", "Informe um valor de 0 a 9999999999,99, com até duas casas decimais."],
    ]);
  });

  it.each([
    ["en", plansEn],
    ["es", plansEs],
    ["tr", plansTr],
  ] as const)("shows every one in %s from that language's texts", async (language, texts) => {
    await i18n.changeLanguage(language);
    const translations = new Set(Object.values(texts.errors));
    for (const [, patch] of BROKEN) {
      for (const [field, message] of issues(patch)) {
        expect(translations, `${field}: ${message}`).toContain(planErrorText(message, field));
      }
    }
  });

  it("shows nothing when the field has no error", () => {
    expect(planErrorText(undefined, "name")).toBeUndefined();
  });
});
