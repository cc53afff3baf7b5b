import { describe, expect, it } from "vitest";
import { contactChannel, normalizePhone } from "./phone.js";

describe("normalizePhone", () => {
  it("adds Brazil's ninth digit to mobiles that lack it", () => {
    expect(normalizePhone("556199998888")).toBe("5561999998888");
    expect(normalizePhone("5561999998888")).toBe("5561999998888");
    expect(normalizePhone("+55 (61) 9999-8888")).toBe("5561999998888");
  });
  it("leaves Brazilian landlines and other countries alone", () => {
    expect(normalizePhone("556133334444")).toBe("556133334444");
    expect(normalizePhone("14155550100")).toBe("14155550100");
  });
  it("strips jid suffixes", () => {
    expect(normalizePhone("556199998888@s.whatsapp.net")).toBe("5561999998888");
  });
  it("maps both WhatsApp channels to one contact channel", () => {
    expect(contactChannel("whatsappapi")).toBe("whatsapp");
    expect(contactChannel("whatsapp")).toBe("whatsapp");
    expect(contactChannel("instagram")).toBe("instagram");
  });
});
