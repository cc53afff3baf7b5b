import { describe, expect, it } from "vitest";
import { type InactivityRules, inactivityStep } from "./inactivity.js";

const NOW = new Date("2026-11-23T13:00:00Z");
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const rules: InactivityRules = {
  expiresTicket: 30,
  timeInactiveMessage: 10,
  inactiveMessage: "Ainda está aí?",
  whenExpiresTicket: "0",
};
const last = (m: number, fromMe = false, id = 1) => ({ id, fromMe, createdAt: minutesAgo(m) });

describe("inactivity", () => {
  it("warns after timeInactiveMessage idle minutes, not a minute earlier", () => {
    expect(inactivityStep(rules, last(9.99), undefined, NOW)).toEqual({ kind: "none" });
    expect(inactivityStep(rules, last(10), undefined, NOW)).toEqual({ kind: "warn" });
  });

  it("after the warning, closes expiresTicket minutes later; a new message starts a new stretch", () => {
    const warning = last(29, true, 2);
    expect(inactivityStep(rules, warning, 2, NOW)).toEqual({ kind: "none" });
    expect(inactivityStep(rules, last(30, true, 2), 2, NOW)).toEqual({ kind: "close" });
    // The contact answered after the warning: warned again later, not closed.
    expect(inactivityStep(rules, last(31, false, 3), 2, NOW)).toEqual({ kind: "warn" });
  });

  it("without a warning message (or its time) the ticket closes after expiresTicket idle minutes", () => {
    const plain = { ...rules, inactiveMessage: " " };
    expect(inactivityStep(plain, last(29), undefined, NOW)).toEqual({ kind: "none" });
    expect(inactivityStep(plain, last(30), undefined, NOW)).toEqual({ kind: "close" });
    expect(inactivityStep({ ...rules, timeInactiveMessage: 0 }, last(30), undefined, NOW)).toEqual({
      kind: "close",
    });
  });

  it("whenExpiresTicket 1: only a ticket whose last message was ours is idle", () => {
    const waiting = { ...rules, whenExpiresTicket: "1" };
    expect(inactivityStep(waiting, last(60, false), undefined, NOW)).toEqual({ kind: "none" });
    expect(inactivityStep(waiting, last(60, true), undefined, NOW)).toEqual({ kind: "warn" });
  });

  it("expiresTicket 0 or no message: nothing", () => {
    expect(inactivityStep({ ...rules, expiresTicket: 0 }, last(999), undefined, NOW)).toEqual({
      kind: "none",
    });
    expect(inactivityStep(rules, undefined, undefined, NOW)).toEqual({ kind: "none" });
  });
});
