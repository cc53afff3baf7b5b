import { describe, expect, it } from "vitest";
import {
  companyScheduleDay,
  connectionScheduleDay,
  queueScheduleDay,
  SHIFT_INCOMPLETE,
  SHIFT_ORDER,
  SHIFT_TIME_INVALID,
  shiftTime,
} from "./index.js";

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("business hours (spec 2 sections 3 to 5)", () => {
  it("a time is HH:MM from 00:00 to 23:59, or empty for no shift", () => {
    for (const ok of ["", "00:00", "09:30", "23:59"]) expect(shiftTime.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["9:30", "24:00", "12:60", "0930", "12:00 ", "ab:cd"])
      expect(shiftTime.safeParse(bad).error?.issues[0]?.message, bad).toBe(SHIFT_TIME_INVALID);
  });

  it("the company's and the connections' days apply the same shift rules", () => {
    for (const schema of [companyScheduleDay, connectionScheduleDay]) {
      const day = (hours: object) => schema.safeParse({ weekdayEn: "monday", ...hours });
      expect(issues(day({ startTimeA: "08:00", endTimeA: "12:00", startTimeB: "", endTimeB: "" }))).toEqual(
        [],
      );
      expect(issues(day({ startTimeA: "08:00", endTimeA: "" }))).toEqual([["endTimeA", SHIFT_INCOMPLETE]]);
      expect(issues(day({ startTimeB: "", endTimeB: "18:00" }))).toEqual([["startTimeB", SHIFT_INCOMPLETE]]);
      expect(issues(day({ startTimeA: "12:00", endTimeA: "12:00" }))).toEqual([["endTimeA", SHIFT_ORDER]]);
      expect(issues(day({ startTimeB: "22:00", endTimeB: "06:00" }))).toEqual([["endTimeB", SHIFT_ORDER]]);
    }
  });

  it("a queue's day checks its times only (one time, or a shift past midnight, is accepted)", () => {
    const day = (hours: object) => queueScheduleDay.safeParse({ weekdayEn: "monday", ...hours });
    expect(issues(day({ startTimeA: "08:00", endTimeA: "" }))).toEqual([]);
    expect(issues(day({ startTimeB: "22:00", endTimeB: "06:00" }))).toEqual([]);
    expect(issues(day({ startTimeA: "25:00" }))).toEqual([["startTimeA", SHIFT_TIME_INVALID]]);
  });
});
