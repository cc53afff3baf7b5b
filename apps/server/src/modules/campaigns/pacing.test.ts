import { CAMPAIGN_SETTINGS_DEFAULTS, type CampaignSettings } from "@inbox/shared";
import { describe, expect, it } from "vitest";
import { inSendingWindow, nextSendAt, pauseSeconds } from "./pacing.js";

/** The sender's pacing with a controlled clock (spec 3 sections 3 and 9; docs/CAMPAIGNS.md). */

const TZ = "America/Sao_Paulo"; // UTC-3, no DST since 2019
const settings = (over: Partial<CampaignSettings> = {}): CampaignSettings => ({
  ...CAMPAIGN_SETTINGS_DEFAULTS,
  ...over,
});
// 2026-03-02 is a Monday; wall times of São Paulo are UTC minus 3 hours.
const at = (wall: string) => new Date(`${wall}-03:00`);

describe("campaign pacing", () => {
  it("messageInterval between messages; greaterInterval after every longerIntervalAfter", () => {
    const s = settings({ messageInterval: 20, longerIntervalAfter: 5, greaterInterval: 60 });
    expect(pauseSeconds(s, 1)).toBe(20);
    expect(pauseSeconds(s, 4)).toBe(20);
    expect(pauseSeconds(s, 5)).toBe(60);
    expect(pauseSeconds(s, 10)).toBe(60);
    expect(
      pauseSeconds(settings({ longerIntervalAfter: 0, greaterInterval: 60, messageInterval: 5 }), 20),
    ).toBe(5);
    const now = at("2026-03-02T10:00:00");
    const last = at("2026-03-02T09:59:50");
    expect(nextSendAt(now, s, { lastSentAt: last, sentCount: 3 }, TZ)).toEqual(at("2026-03-02T10:00:10"));
    expect(nextSendAt(now, s, { lastSentAt: last, sentCount: 5 }, TZ)).toEqual(at("2026-03-02T10:00:50"));
    // The first message, or a pause already over: now.
    expect(nextSendAt(now, s, { lastSentAt: null, sentCount: 0 }, TZ)).toEqual(now);
    expect(nextSendAt(now, settings({ messageInterval: 0 }), { lastSentAt: now, sentCount: 1 }, TZ)).toEqual(
      now,
    );
  });

  it("only between startHour and endHour of the company's clock", () => {
    const s = settings({ startHour: "09:00", endHour: "18:00" });
    expect(inSendingWindow(at("2026-03-02T09:00:00"), s, TZ)).toBe(true);
    expect(inSendingWindow(at("2026-03-02T17:59:59"), s, TZ)).toBe(true);
    expect(inSendingWindow(at("2026-03-02T18:00:00"), s, TZ)).toBe(false);
    expect(inSendingWindow(at("2026-03-02T08:59:00"), s, TZ)).toBe(false);
    // Before the window: today's start; after it: tomorrow's.
    expect(nextSendAt(at("2026-03-02T07:30:00"), s, { lastSentAt: null, sentCount: 0 }, TZ)).toEqual(
      at("2026-03-02T09:00:00"),
    );
    expect(nextSendAt(at("2026-03-02T18:30:00"), s, { lastSentAt: null, sentCount: 0 }, TZ)).toEqual(
      at("2026-03-03T09:00:00"),
    );
    // A pause that ends after endHour waits for the next morning.
    expect(
      nextSendAt(
        at("2026-03-02T17:59:50"),
        settings({ messageInterval: 30 }),
        {
          lastSentAt: at("2026-03-02T17:59:50"),
          sentCount: 1,
        },
        TZ,
      ),
    ).toEqual(at("2026-03-03T09:00:00"));
    // The same instant is another wall time elsewhere: Tokyo's 09:00 is São Paulo's 21:00.
    expect(inSendingWindow(new Date("2026-03-02T00:00:00Z"), s, "Asia/Tokyo")).toBe(true);
    expect(inSendingWindow(new Date("2026-03-02T00:00:00Z"), s, TZ)).toBe(false);
  });

  it("Saturday and Sunday only when enabled", () => {
    const friday = at("2026-03-06T18:10:00");
    expect(nextSendAt(friday, settings(), { lastSentAt: null, sentCount: 0 }, TZ)).toEqual(
      at("2026-03-09T09:00:00"),
    );
    expect(nextSendAt(friday, settings({ sabado: true }), { lastSentAt: null, sentCount: 0 }, TZ)).toEqual(
      at("2026-03-07T09:00:00"),
    );
    expect(nextSendAt(friday, settings({ domingo: true }), { lastSentAt: null, sentCount: 0 }, TZ)).toEqual(
      at("2026-03-08T09:00:00"),
    );
    expect(inSendingWindow(at("2026-03-07T10:00:00"), settings(), TZ)).toBe(false);
    expect(inSendingWindow(at("2026-03-08T10:00:00"), settings({ domingo: true }), TZ)).toBe(true);
  });

  it("a window across midnight (22:00 to 06:00)", () => {
    const s = settings({ startHour: "22:00", endHour: "06:00" });
    expect(inSendingWindow(at("2026-03-02T23:00:00"), s, TZ)).toBe(true);
    expect(inSendingWindow(at("2026-03-03T05:59:00"), s, TZ)).toBe(true);
    expect(inSendingWindow(at("2026-03-03T12:00:00"), s, TZ)).toBe(false);
    expect(nextSendAt(at("2026-03-03T12:00:00"), s, { lastSentAt: null, sentCount: 0 }, TZ)).toEqual(
      at("2026-03-03T22:00:00"),
    );
  });
});
