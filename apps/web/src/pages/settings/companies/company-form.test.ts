import { advanceDueDate, dueDateColour } from "@inbox/shared";
import { describe, expect, it } from "vitest";
import {
  companyCreateFormSchema,
  companyEditFormSchema,
  companyErrorText,
  emptyCompanyForm,
  formatBytes,
} from "./company-form";

const today = new Date("2026-03-10T15:00:00Z");

describe("due-date colour (spec 2 sections 4 and 9)", () => {
  it("is red when due today or past, yellow 1 to 5 days before, none otherwise or without a date", () => {
    expect(dueDateColour("2026-03-01", today)).toBe("red");
    expect(dueDateColour("2026-03-10", today)).toBe("red");
    expect(dueDateColour("2026-03-11", today)).toBe("yellow");
    expect(dueDateColour("2026-03-15", today)).toBe("yellow");
    expect(dueDateColour("2026-03-16", today)).toBeNull();
    expect(dueDateColour(null, today)).toBeNull();
    expect(dueDateColour("soon", today)).toBeNull();
  });
});

describe("the recurrence button (spec 2 sections 4 and 9)", () => {
  it("moves the due date by 1, 2, 3, 6 or 12 months", () => {
    expect(advanceDueDate("2026-03-10", "MENSAL", today)).toBe("2026-04-10");
    expect(advanceDueDate("2026-03-10", "BIMESTRAL", today)).toBe("2026-05-10");
    expect(advanceDueDate("2026-03-10", "TRIMESTRAL", today)).toBe("2026-06-10");
    expect(advanceDueDate("2026-03-10", "SEMESTRAL", today)).toBe("2026-09-10");
    expect(advanceDueDate("2026-03-10", "ANUAL", today)).toBe("2027-03-10");
  });

  it("keeps the day where the month has it, else the month's last; counts from today without a date", () => {
    expect(advanceDueDate("2026-01-31", "MENSAL", today)).toBe("2026-02-28");
    expect(advanceDueDate("2027-12-31", "BIMESTRAL", today)).toBe("2028-02-29");
    expect(advanceDueDate("2025-11-30", "TRIMESTRAL", today)).toBe("2026-02-28");
    expect(advanceDueDate(null, "MENSAL", today)).toBe("2026-04-10");
  });
});

describe("the company form", () => {
  const valid = {
    ...emptyCompanyForm(),
    name: "Loja Azul",
    email: "Dono@Example.com",
    planId: 3,
    password: "segredo1",
  };

  it("sends what the server takes: e-mail in lower case, an empty due date and document as null", () => {
    const parsed = companyCreateFormSchema.parse(valid);
    expect(parsed).toMatchObject({
      name: "Loja Azul",
      email: "dono@example.com",
      planId: 3,
      dueDate: null,
      document: null,
      paymentMethod: null,
      addressStreet: null,
      recurrence: "MENSAL",
      status: true,
      password: "segredo1",
    });
  });

  it("sends the payment method and address as typed, and says a too long one is too long", () => {
    const parsed = companyCreateFormSchema.parse({
      ...valid,
      paymentMethod: "PIX",
      addressStreet: "Rua das Flores, 10",
      addressCity: "Curitiba",
      addressState: "PR",
    });
    expect(parsed).toMatchObject({
      paymentMethod: "PIX",
      addressStreet: "Rua das Flores, 10",
      addressCity: "Curitiba",
      addressState: "PR",
    });
    const tooLong = companyCreateFormSchema.safeParse({ ...valid, addressState: "x".repeat(101) });
    expect(tooLong.success).toBe(false);
    const issue = tooLong.error?.issues.find((i) => i.path[0] === "addressState");
    expect(companyErrorText(issue?.message, "addressState")).toBe("Texto muito longo");
  });

  it("shows the spec's messages for name, e-mail, plan and document", () => {
    const messages = (values: object) =>
      Object.fromEntries(
        (companyCreateFormSchema.safeParse({ ...valid, ...values }).error?.issues ?? []).map((issue) => [
          String(issue.path[0]),
          companyErrorText(issue.message, String(issue.path[0])),
        ]),
      );
    expect(messages({ name: "A" })).toMatchObject({ name: "Nome é obrigatório" });
    expect(messages({ email: "" })).toMatchObject({ email: "E-mail é obrigatório" });
    expect(messages({ email: "dono" })).toMatchObject({ email: "Email é inválido" });
    expect(messages({ planId: "" })).toMatchObject({ planId: "Plano é obrigatório" });
    expect(messages({ document: "123.456.789-00" })).toMatchObject({ document: "CPF/CNPJ inválido" });
    expect(messages({ password: "" })).toMatchObject({ password: "A senha deve ter de 5 a 50 caracteres" });
  });

  it("does not ask for nor send a password when editing", () => {
    const parsed = companyEditFormSchema.parse({ ...valid, password: "" });
    expect(parsed).not.toHaveProperty("password");
  });

  it("writes folder sizes in B, KB, MB and GB", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5.0 MB");
  });
});
