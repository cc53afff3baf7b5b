import { describe, expect, it } from "vitest";
import {
  contactCreateSchema,
  contactFormSchema,
  maskNumber,
  tagCreateSchema,
  tagSyncSchema,
} from "./index.js";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("contact schemas", () => {
  it("keep the digits of a typed number, 8 to 50 of them, after its leading '+'", () => {
    // The '+' stays since E.164 storage: the server reads '+1 415…' as international, '(11) 9…' in the company's country.
    const parsed = contactCreateSchema.parse({ name: "Ana", number: "+55 (11) 98765-4321" });
    expect(parsed).toMatchObject({ number: "+5511987654321", email: "", disableBot: false, extraInfo: [] });
    expect(contactCreateSchema.parse({ name: "Ana", number: "(11) 98765-4321" }).number).toBe("11987654321");
    expect(messageOf(contactCreateSchema.safeParse({ name: "Ana", number: "+1234567" }))).toBe("Too Short!");
    expect(messageOf(contactCreateSchema.safeParse({ name: "Ana", number: "(11) 9876" }))).toBe("Too Short!");
    expect(messageOf(contactCreateSchema.safeParse({ name: "Ana", number: "" }))).toBe("Required");
  });

  it("the form allows names of 2 to 50; the API up to 250", () => {
    const long = "x".repeat(51);
    const form = { number: "5511987654321", email: "", disableBot: false, extraInfo: [] };
    expect(messageOf(contactFormSchema.safeParse({ ...form, name: long }))).toBe("Too Long!");
    expect(contactCreateSchema.safeParse({ name: long, number: "5511987654321" }).success).toBe(true);
    expect(messageOf(contactFormSchema.safeParse({ ...form, name: "A" }))).toBe("Too Short!");
  });

  it("accepts an empty e-mail and refuses a bad one", () => {
    expect(contactCreateSchema.parse({ name: "Ana", number: "12345678", email: "" }).email).toBe("");
    expect(messageOf(contactCreateSchema.safeParse({ name: "Ana", number: "12345678", email: "x@" }))).toBe(
      "Invalid email",
    );
  });

  it("masks all but the last 6 digits' ends as the original does", () => {
    expect(maskNumber("5511987654321")).toBe("5511987**-**21");
    expect(maskNumber("12345")).toBe("*****");
  });
});

describe("tag schemas", () => {
  it("answers 'Tag muito curta!' under 3 characters and reads kanban as 0 or 1", () => {
    expect(messageOf(tagCreateSchema.safeParse({ name: "ab" }))).toBe("Tag muito curta!");
    expect(tagCreateSchema.parse({ name: "abc", kanban: true }).kanban).toBe(1);
    expect(tagCreateSchema.parse({ name: "abc" }).kanban).toBe(0);
  });

  it("takes the tag box's objects or plain ids for a sync", () => {
    expect(tagSyncSchema.parse({ contactId: 1, tags: [{ id: 2, name: "x" }, 3] }).tags).toEqual([2, 3]);
  });
});
