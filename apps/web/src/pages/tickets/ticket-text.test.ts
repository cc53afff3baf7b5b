import { LIMITS } from "@inbox/shared";
import { describe, expect, it } from "vitest";
import { cutContactName, cutLastMessage, cutText, formatTicketTime } from "./ticket-text";

describe("list item cuts (spec 1 section 9)", () => {
  it("cuts the contact name at 60 and the last message at 40 characters, with an ellipsis", () => {
    const name = "N".repeat(LIMITS.contactNameCut);
    expect(cutContactName(name)).toBe(name);
    expect(cutContactName(`${name}X`)).toBe(`${name}…`);
    const message = "m".repeat(LIMITS.lastMessageCut);
    expect(cutLastMessage(message)).toBe(message);
    expect(cutLastMessage(`${message}tail`)).toBe(`${message}…`);
  });

  it("counts characters, not UTF-16 units, and puts a multi-line message on one line", () => {
    expect(cutText("😀😀😀", 2)).toBe("😀😀…");
    expect(cutLastMessage("Bom dia\n\nTudo bem?")).toBe("Bom dia Tudo bem?");
  });

  it("drops WhatsApp's markers before the cut, so they take no room", () => {
    expect(cutLastMessage("*Ana:*\nOlá, _Maria_")).toBe("Ana: Olá, Maria");
    const visible = "m".repeat(LIMITS.lastMessageCut - 5);
    expect(cutLastMessage(`*Bot:* ${visible}`)).toBe(`Bot: ${visible}`);
    expect(cutLastMessage("snake_case_name 2*3*4")).toBe("snake_case_name 2*3*4");
  });

  it("shows today's time as HH:mm and older days as dd/MM/yyyy", () => {
    const now = new Date(2026, 2, 4, 15, 0);
    expect(formatTicketTime(new Date(2026, 2, 4, 9, 5).toISOString(), now)).toBe("09:05");
    expect(formatTicketTime(new Date(2026, 2, 3, 23, 59).toISOString(), now)).toBe("03/03/2026");
    expect(formatTicketTime("nonsense", now)).toBe("");
  });
});
