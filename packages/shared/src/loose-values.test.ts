import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dbId, looseBoolean, noneAsNull } from "./schemas/common.js";
import { sendMessageSchema } from "./schemas/message.js";
import { scheduleCreateSchema } from "./schemas/schedule.js";
import { ticketListQuery } from "./schemas/ticket.js";
import { userCreateSchema } from "./schemas/user.js";

describe("values as clients written against the specs send them", () => {
  it("looseBoolean: true/false, 1/0 and their text forms; nothing else", () => {
    for (const yes of [true, 1, "1", "true"]) expect(looseBoolean.parse(yes)).toBe(true);
    for (const no of [false, 0, "0", "false"]) expect(looseBoolean.parse(no)).toBe(false);
    for (const bad of [2, -1, "yes", "", null, {}, []])
      expect(looseBoolean.safeParse(bad).success).toBe(false);
  });

  it("noneAsNull: false and an empty string are no id; a real id stays; anything else is refused", () => {
    const id = noneAsNull(dbId.nullable()).optional();
    expect(id.parse(false)).toBeNull();
    expect(id.parse("")).toBeNull();
    expect(id.parse(null)).toBeNull();
    expect(id.parse(undefined)).toBeUndefined();
    expect(id.parse(7)).toBe(7);
    for (const bad of [true, 0, -3, "7", "x"]) expect(id.safeParse(bad).success).toBe(false);
    expect(z.object({ id }).parse({})).toEqual({});
  });

  it("where such clients send them: read 1, whatsappId false, 1/0 query flags", () => {
    expect(sendMessageSchema.parse({ body: "oi", read: 1, fromMe: 1, isPrivate: 0 })).toMatchObject({
      read: true,
      fromMe: true,
      isPrivate: false,
    });
    expect(
      userCreateSchema.parse({ name: "Ana", email: "ana@example.com", password: "12345", whatsappId: false }),
    ).toMatchObject({ whatsappId: null });
    expect(
      scheduleCreateSchema.parse({
        body: "Lembrete",
        contactId: 3,
        sendAt: "2030-01-01T10:00:00Z",
        whatsappId: false,
        ticketId: false,
      }),
    ).toMatchObject({ whatsappId: null, ticketId: null });
    expect(ticketListQuery.parse({ showAll: "1", withUnreadMessages: "0", isGroup: "false" })).toMatchObject({
      showAll: true,
      withUnreadMessages: false,
      isGroup: false,
    });
  });
});
