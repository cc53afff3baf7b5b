import { describe, expect, it } from "vitest";
import { defaultScheduleSendAt, isScheduleMedia, scheduleCreateSchema } from "./index.js";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("schedule schemas (spec 1 section 5)", () => {
  const valid = { body: "Olá, tudo bem?", contactId: 4, sendAt: "2030-05-06T14:30:00.000Z" };

  it("body: required, at least 5 characters after trimming", () => {
    expect(scheduleCreateSchema.parse({ ...valid, body: "  Olá, tudo bem?  " }).body).toBe("Olá, tudo bem?");
    expect(messageOf(scheduleCreateSchema.safeParse({ ...valid, body: undefined }))).toBe("Obrigatório");
    expect(messageOf(scheduleCreateSchema.safeParse({ ...valid, body: "   " }))).toBe("Obrigatório");
    expect(messageOf(scheduleCreateSchema.safeParse({ ...valid, body: "Oi! " }))).toBe(
      "Mensagem muito curta",
    );
  });

  it("contactId and sendAt required; sendAt an instant between the years 2000 and 9999", () => {
    expect(messageOf(scheduleCreateSchema.safeParse({ ...valid, contactId: undefined }))).toBe("Obrigatório");
    expect(messageOf(scheduleCreateSchema.safeParse({ ...valid, sendAt: "" }))).toBe("Obrigatório");
    expect(messageOf(scheduleCreateSchema.safeParse({ ...valid, sendAt: "amanhã" }))).toBe("Data inválida");
    expect(messageOf(scheduleCreateSchema.safeParse({ ...valid, sendAt: "+275760-09-13T00:00:00Z" }))).toBe(
      "Data inválida",
    );
    expect(scheduleCreateSchema.parse(valid).sendAt).toEqual({
      instant: new Date("2030-05-06T14:30:00.000Z"),
    });
    // Without an offset it is the company's wall clock: the server reads it in companies.timezone.
    expect(scheduleCreateSchema.parse({ ...valid, sendAt: "2030-05-06 14:30:00" }).sendAt).toEqual({
      wallTime: "2030-05-06 14:30:00",
    });
    expect(messageOf(scheduleCreateSchema.safeParse({ ...valid, sendAt: "2030-13-06 14:30:00" }))).toBe(
      "Data inválida",
    );
  });

  it("default sendAt is now plus one hour", () => {
    const now = new Date("2030-05-06T14:30:00.000Z");
    expect(defaultScheduleSendAt(now)).toEqual(new Date("2030-05-06T15:30:00.000Z"));
  });

  it("attachments: png, jpg and jpeg only, by name and type", () => {
    expect(isScheduleMedia("a.png", "image/png")).toBe(true);
    expect(isScheduleMedia("a.JPG", "image/jpeg")).toBe(true);
    expect(isScheduleMedia("a.jpeg", "image/jpeg")).toBe(true);
    expect(isScheduleMedia("a.gif", "image/gif")).toBe(false);
    expect(isScheduleMedia("a.png", "application/pdf")).toBe(false);
    expect(isScheduleMedia("a.pdf", "image/png")).toBe(false);
  });
});
