import type { UserDto } from "@inbox/shared";
import { describe, expect, it } from "vitest";
import { companyPhoneCountry, formatPhone, formatTypedPhone, isTypedPhoneValid } from "./phone-format";

const userIn = (country?: string) =>
  ({
    company: { companieSettings: country ? [{ key: "phoneDefaultCountry", value: country }] : [] },
  }) as unknown as UserDto;

describe("formatPhone", () => {
  it("shows the company's own country nationally and other countries internationally", () => {
    expect(formatPhone("5511987654321", "BR")).toBe("(11) 98765-4321");
    expect(formatPhone("551133334444", "BR")).toBe("(11) 3333-4444");
    expect(formatPhone("14155552671", "BR")).toBe("+1 415 555 2671");
    expect(formatPhone("14155552671", "US")).toBe("(415) 555-2671");
    expect(formatPhone("5511987654321", "US")).toBe("+55 11 98765 4321");
  });

  it("leaves LGPD masks, group ids and channel ids as they are", () => {
    expect(formatPhone("5511987**-**21", "BR")).toBe("5511987**-**21");
    expect(formatPhone("120363025246125888", "BR")).toBe("120363025246125888");
    expect(formatPhone("", "BR")).toBe("");
  });
});

describe("typed numbers", () => {
  it("format once they are a phone number of the company's country, and say when they cannot be one", () => {
    expect(formatTypedPhone("11987654321", "BR")).toBe("(11) 98765-4321");
    expect(formatTypedPhone("+1 415 5552671", "BR")).toBe("+1 415 555 2671");
    expect(formatTypedPhone("912345678", "PT")).toBe("912 345 678");
    expect(formatTypedPhone("1234", "BR")).toBe("1234");
    expect(isTypedPhoneValid("(11) 98765-4321", "BR")).toBe(true);
    expect(isTypedPhoneValid("(11) 98765-4321", "PT")).toBe(false);
  });
});

describe("companyPhoneCountry", () => {
  it("reads the company's setting, Brazil when it has none", () => {
    expect(companyPhoneCountry(userIn("PT"))).toBe("PT");
    expect(companyPhoneCountry(userIn())).toBe("BR");
    expect(companyPhoneCountry(null)).toBe("BR");
  });
});
