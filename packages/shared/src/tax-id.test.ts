import { describe, expect, it } from "vitest";
import { signupSchema } from "./schemas/signup.js";
import { documentDigits, isValidCnpj, isValidCpf, isValidCpfCnpj } from "./tax-id.js";

describe("CPF", () => {
  it("accepts numbers whose two check digits are right, masked or not", () => {
    for (const cpf of ["52998224725", "529.982.247-25", "11144477735", "111.444.777-35", "01234567890"])
      expect(isValidCpf(cpf), cpf).toBe(true);
  });
  it("refuses a wrong first or second check digit", () => {
    expect(isValidCpf("52998224715")).toBe(false);
    expect(isValidCpf("52998224724")).toBe(false);
    expect(isValidCpf("11144477734")).toBe(false);
  });
  it("refuses all-same-digit numbers, whose check digits add up", () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11)), String(d)).toBe(false);
  });
  it("refuses other lengths and letters", () => {
    for (const cpf of ["", "5299822472", "529982247250", "5299822472a", "abcdefghijk"])
      expect(isValidCpf(cpf), cpf).toBe(false);
  });
});

describe("CNPJ", () => {
  it("accepts numbers whose two check digits are right, masked or not", () => {
    for (const cnpj of ["11222333000181", "11.222.333/0001-81", "11444777000161", "45.997.418/0001-53"])
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
  });
  it("refuses a wrong first or second check digit", () => {
    expect(isValidCnpj("11222333000191")).toBe(false);
    expect(isValidCnpj("11222333000182")).toBe(false);
  });
  it("refuses all-same-digit numbers and other lengths", () => {
    for (let d = 0; d <= 9; d++) expect(isValidCnpj(String(d).repeat(14)), String(d)).toBe(false);
    expect(isValidCnpj("1122233300018")).toBe(false);
    expect(isValidCnpj("112223330001811")).toBe(false);
  });
});

describe("CPF or CNPJ", () => {
  it("takes either, by its length", () => {
    expect(isValidCpfCnpj("529.982.247-25")).toBe(true);
    expect(isValidCpfCnpj("11.222.333/0001-81")).toBe(true);
    // A valid CPF's digits padded to 14 are not a CNPJ.
    expect(isValidCpfCnpj("00052998224725")).toBe(false);
    expect(isValidCpfCnpj("")).toBe(false);
  });
  it("strips the masks' separators only", () => {
    expect(documentDigits(" 11.222.333/0001-81 ")).toBe("11222333000181");
  });
});

const valid = {
  name: "Maria Silva",
  email: "Maria@Example.com",
  password: "segredo",
  phone: "5511999990000",
  document: "529.982.247-25",
  companyName: "Loja da Maria",
  planId: 3,
};
const messageOf = (input: unknown, field: string) =>
  signupSchema.safeParse(input).error?.issues.find((i) => i.path[0] === field)?.message;

describe("signup schema (spec 2 section 5)", () => {
  it("accepts the payload and stores the document's digits and the e-mail in lower case", () => {
    const parsed = signupSchema.parse({ ...valid, companyId: 5 });
    expect(parsed).toMatchObject({ document: "52998224725", email: "maria@example.com", planId: 3 });
    expect(signupSchema.parse({ ...valid, planId: "3" }).planId).toBe(3);
  });
  it("carries the spec's messages", () => {
    expect(messageOf({ ...valid, name: "M" }, "name")).toBe("Too Short!");
    expect(messageOf({ ...valid, name: "M".repeat(51) }, "name")).toBe("Too Long!");
    expect(messageOf({ ...valid, name: undefined }, "name")).toBe("Required");
    expect(messageOf({ ...valid, companyName: "L" }, "companyName")).toBe("Too Short!");
    expect(messageOf({ ...valid, companyName: "L".repeat(51) }, "companyName")).toBe("Too Long!");
    expect(messageOf({ ...valid, password: "1234" }, "password")).toBe("Too Short!");
    expect(messageOf({ ...valid, password: "1".repeat(51) }, "password")).toBe("Too Long!");
    expect(messageOf({ ...valid, email: "maria" }, "email")).toBe("Invalid email");
    expect(messageOf({ ...valid, email: "" }, "email")).toBe("Required");
    expect(messageOf({ ...valid, phone: "" }, "phone")).toBe("Required");
    expect(messageOf({ ...valid, planId: "" }, "planId")).toBe("Required");
    expect(messageOf({ ...valid, planId: undefined }, "planId")).toBe("Required");
    expect(messageOf({ ...valid, document: "" }, "document")).toBe("Required");
    expect(messageOf({ ...valid, document: "529.982.247-24" }, "document")).toBe("CPF/CNPJ inválido");
    expect(messageOf({ ...valid, document: "111.111.111-11" }, "document")).toBe("CPF/CNPJ inválido");
  });
});
