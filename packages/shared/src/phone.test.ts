import { describe, expect, it } from "vitest";
import {
  brazilNinthDigit,
  formatPhoneNumber,
  isPhoneCountry,
  legacyBrazilianNumber,
  toE164Digits,
} from "./index.js";

const digitsOf = (input: string, country?: string | null) => {
  const parsed = toE164Digits(input, country);
  return parsed.ok ? parsed.digits : parsed.code;
};

describe("toE164Digits", () => {
  it("reads a Brazilian mobile in every common format as 55 + area + 9 + 8 digits", () => {
    for (const typed of [
      "(11) 98888-7777",
      "11988887777",
      "11 98888 7777",
      "011 98888-7777",
      "+55 11 98888-7777",
      "+55 (11) 98888-7777",
      "0055 11 98888-7777",
      "5511988887777",
      " +55.11.98888.7777 ",
    ])
      expect(digitsOf(typed), typed).toBe("5511988887777");
  });

  it("adds Brazil's ninth digit to a mobile typed with 8 digits", () => {
    expect(digitsOf("(11) 8888-7777")).toBe("5511988887777");
    expect(digitsOf("551188887777")).toBe("5511988887777");
    expect(digitsOf("+55 61 9999-8888")).toBe("5561999998888");
    // Area code 55 (Rio Grande do Sul) is not the country code.
    expect(digitsOf("(55) 8888-7777")).toBe("5555988887777");
  });

  it("keeps Brazilian landlines at 8 digits", () => {
    expect(digitsOf("(11) 3333-4444")).toBe("551133334444");
    expect(digitsOf("+55 61 3333-4444")).toBe("556133334444");
  });

  it("reads other countries written internationally, whatever the default", () => {
    expect(digitsOf("+1 (415) 555-2671")).toBe("14155552671");
    expect(digitsOf("+351 912 345 678")).toBe("351912345678");
    expect(digitsOf("+54 9 11 2345-6789")).toBe("5491123456789");
    expect(digitsOf("00351 912 345 678")).toBe("351912345678");
    // Digits that are no Brazilian number are read as international (wa_id, the Messages API's callers).
    expect(digitsOf("14155552671")).toBe("14155552671");
    expect(digitsOf("351912345678")).toBe("351912345678");
  });

  it("reads national numbers in the company's default country", () => {
    expect(digitsOf("(415) 555-2671", "US")).toBe("14155552671");
    expect(digitsOf("912 345 678", "PT")).toBe("351912345678");
    expect(digitsOf("011 15 2345-6789", "AR")).toBe("5491123456789");
    expect(digitsOf("9 11 2345-6789", "AR")).toBe("5491123456789");
    // The same digits are a Brazilian number for a Brazilian company, and none for a Portuguese one.
    expect(digitsOf("11988887777", "BR")).toBe("5511988887777");
    expect(digitsOf("11988887777", "PT")).toBe("ERR_WAPP_INVALID_CONTACT");
  });

  it("falls back to Brazil for an unknown or empty default country", () => {
    expect(digitsOf("(11) 98888-7777", "XX")).toBe("5511988887777");
    expect(digitsOf("(11) 98888-7777", null)).toBe("5511988887777");
  });

  it("refuses what cannot be a phone number with ERR_WAPP_INVALID_CONTACT", () => {
    for (const typed of [
      "",
      "12345",
      "(11) 9876",
      "abc",
      "11 9888a-7777",
      "+55 11 98888-77777",
      "1".repeat(20),
    ])
      expect(digitsOf(typed), typed).toBe("ERR_WAPP_INVALID_CONTACT");
  });
});

describe("brazilNinthDigit", () => {
  it("changes only 12-digit Brazilian mobiles", () => {
    expect(brazilNinthDigit("556199998888")).toBe("5561999998888");
    expect(brazilNinthDigit("556133334444")).toBe("556133334444");
    expect(brazilNinthDigit("14155550100")).toBe("14155550100");
  });
});

describe("formatPhoneNumber", () => {
  it("shows the company's own country nationally and others internationally", () => {
    expect(formatPhoneNumber("5511988887777")).toBe("(11) 98888-7777");
    expect(formatPhoneNumber("551133334444", "BR")).toBe("(11) 3333-4444");
    expect(formatPhoneNumber("14155552671", "BR")).toBe("+1 415 555 2671");
    expect(formatPhoneNumber("14155552671", "US")).toBe("(415) 555-2671");
    expect(formatPhoneNumber("5511988887777", "PT")).toBe("+55 11 98888 7777");
    expect(formatPhoneNumber("351912345678", "PT")).toBe("912 345 678");
  });

  it("leaves masked numbers, group ids and channel ids as they are", () => {
    expect(formatPhoneNumber("5511987**-**21")).toBe("5511987**-**21");
    expect(formatPhoneNumber("120363025246125888")).toBe("120363025246125888");
    expect(formatPhoneNumber("7612345678901234")).toBe("7612345678901234");
    expect(formatPhoneNumber("12345")).toBe("12345");
  });

  it("knows the countries of the setting", () => {
    expect(isPhoneCountry("BR")).toBe(true);
    expect(isPhoneCountry("PT")).toBe(true);
    expect(isPhoneCountry("XX")).toBe(false);
  });
});

describe("legacyBrazilianNumber", () => {
  it("adds 55 (and the ninth digit) to numbers stored as typed in Brazil", () => {
    expect(legacyBrazilianNumber("11988887777")).toBe("5511988887777");
    expect(legacyBrazilianNumber("1188887777")).toBe("5511988887777");
    expect(legacyBrazilianNumber("1133334444")).toBe("551133334444");
    expect(legacyBrazilianNumber("55996001234")).toBe("5555996001234");
  });

  it("never rewrites international numbers, ids or what is not a Brazilian number", () => {
    expect(legacyBrazilianNumber("5511988887777")).toBeNull();
    expect(legacyBrazilianNumber("14155552671")).toBeNull();
    expect(legacyBrazilianNumber("4930123456")).toBeNull();
    expect(legacyBrazilianNumber("120363025246125888")).toBeNull();
    expect(legacyBrazilianNumber("0000000000")).toBeNull();
    expect(legacyBrazilianNumber("1198888777a")).toBeNull();
  });
});
