import { describe, expect, it } from "vitest";
import {
  connectionCreateSchema,
  connectionRuleIssues,
  connectionScheduleDay,
  defaultConnectionSchedules,
  WEEKDAYS_EN,
} from "./index.js";

const day = (hours: object) => connectionScheduleDay.safeParse({ weekdayEn: "monday", ...hours });

describe("connection rules (spec 2 section 5)", () => {
  it("errorSendQueue when timeSendQueue is set without a queue", () => {
    expect(connectionRuleIssues({ timeSendQueue: 5 })).toEqual([
      { field: "sendIdQueue", message: "errorSendQueue" },
    ]);
    expect(connectionRuleIssues({ timeSendQueue: 5, sendIdQueue: 2 })).toEqual([]);
    expect(connectionRuleIssues({ timeSendQueue: 0 })).toEqual([]);
  });

  it("with userRating: errorRatingMessage and errorExpiresNPS", () => {
    const rated = { userRating: true };
    expect(connectionRuleIssues({ ratingMessage: " ", expiresTicketNPS: 0 }, rated)).toEqual([
      { field: "ratingMessage", message: "errorRatingMessage" },
      { field: "expiresTicketNPS", message: "errorExpiresNPS" },
    ]);
    expect(connectionRuleIssues({ ratingMessage: "Nota?", expiresTicketNPS: 5 }, rated)).toEqual([]);
    expect(connectionRuleIssues({ ratingMessage: null, expiresTicketNPS: 0 })).toEqual([]);
  });

  it("a vacation message needs both dates, the end on or after the start", () => {
    const fields = (v: object) => connectionRuleIssues(v).map((issue) => issue.field);
    expect(fields({ collectiveVacationMessage: "Férias" })).toEqual([
      "collectiveVacationStart",
      "collectiveVacationEnd",
    ]);
    const start = new Date("2030-01-10");
    expect(
      fields({
        collectiveVacationMessage: "Férias",
        collectiveVacationStart: start,
        collectiveVacationEnd: start,
      }),
    ).toEqual([]);
    expect(fields({ collectiveVacationStart: start, collectiveVacationEnd: new Date("2030-01-09") })).toEqual(
      ["collectiveVacationEnd"],
    );
  });

  it("import: recent at or after the start, a queue required", () => {
    const start = new Date(Date.now() - 10 * 86_400_000);
    const fields = (v: object) => connectionRuleIssues(v).map((issue) => issue.field);
    expect(fields({ importOldMessages: start })).toEqual(["queueIdImportMessages"]);
    expect(
      fields({
        importOldMessages: start,
        importRecentMessages: new Date(start.getTime() - 1),
        queueIdImportMessages: 1,
      }),
    ).toEqual(["importRecentMessages"]);
  });

  it("the create schema applies the rules; the import start lies between 2 years ago and now", () => {
    const result = connectionCreateSchema.safeParse({ name: "Vendas", timeSendQueue: "" });
    expect(result.success && result.data.timeSendQueue).toBe(0);
    const old = connectionCreateSchema.safeParse({
      name: "Vendas",
      importOldMessages: new Date(Date.now() - 731 * 86_400_000).toISOString(),
      queueIdImportMessages: 1,
    });
    expect(old.error?.issues[0]?.path).toEqual(["importOldMessages"]);
  });
});

describe("connection schedules", () => {
  it("seven days by default, 08:00-12:00 and 13:00-18:00", () => {
    const days = defaultConnectionSchedules();
    expect(days.map((d) => d.weekdayEn)).toEqual([...WEEKDAYS_EN]);
    expect(days[0]).toMatchObject({
      weekday: "Segunda-feira",
      startTimeA: "08:00",
      endTimeA: "12:00",
      startTimeB: "13:00",
      endTimeB: "18:00",
    });
    for (const d of days) expect(connectionScheduleDay.safeParse(d).success).toBe(true);
  });

  it("HH:MM masks; a shift is both times or neither and ends after it starts", () => {
    expect(day({ startTimeA: "08:00", endTimeA: "12:00", startTimeB: "", endTimeB: "" }).success).toBe(true);
    expect(day({ startTimeA: "8:00", endTimeA: "12:00" }).success).toBe(false);
    expect(day({ startTimeA: "08:00", endTimeA: "" }).error?.issues[0]?.path).toEqual(["endTimeA"]);
    expect(day({ startTimeB: "", endTimeB: "18:00" }).error?.issues[0]?.path).toEqual(["startTimeB"]);
    expect(day({ startTimeA: "12:00", endTimeA: "12:00" }).error?.issues[0]?.path).toEqual(["endTimeA"]);
  });
});
