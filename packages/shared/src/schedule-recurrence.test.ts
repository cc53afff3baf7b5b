import { describe, expect, it } from "vitest";
import {
  applyTipoDias,
  firstOccurrence,
  naiveTimeToInstant,
  nextOccurrence,
  nominalOccurrence,
  type ScheduleRecurrence,
  scheduleCreateSchema,
  scheduleUpdateSchema,
  upcomingOccurrences,
} from "./index.js";

const SP = "America/Sao_Paulo";
const iso = (d: Date | undefined) => d?.toISOString();
const rule = (r: Partial<ScheduleRecurrence>): ScheduleRecurrence => ({
  intervalo: 1,
  valorIntervalo: 1,
  enviarQuantasVezes: 10,
  tipoDias: 4,
  ...r,
});
/** The first `n` sends of a series starting (nominally) at `start`. */
function sends(start: Date, r: ScheduleRecurrence, n: number, timeZone = SP): string[] {
  const first = firstOccurrence(start, r, timeZone);
  const rest = upcomingOccurrences(start, r, timeZone, first, n - 1, new Date(Date.UTC(2100, 0)));
  return [first, ...rest].map((o) => o.sendAt.toISOString());
}

describe("wall-clock times in the company's time zone", () => {
  it("a naive '2026-12-01 09:00:00' in America/Sao_Paulo is 12:00Z; invalid days are refused", () => {
    expect(iso(naiveTimeToInstant("2026-12-01 09:00:00", SP))).toBe("2026-12-01T12:00:00.000Z");
    expect(iso(naiveTimeToInstant("2026-12-01T09:00", SP))).toBe("2026-12-01T12:00:00.000Z");
    expect(iso(naiveTimeToInstant("2026-12-01 09:00:00", "UTC"))).toBe("2026-12-01T09:00:00.000Z");
    expect(iso(naiveTimeToInstant("2026-07-01 09:00:00", "Europe/Istanbul"))).toBe(
      "2026-07-01T06:00:00.000Z",
    );
    expect(naiveTimeToInstant("2026-02-30 09:00:00", SP)).toBeUndefined();
    expect(naiveTimeToInstant("2026-02-01 24:00:00", SP)).toBeUndefined();
    expect(naiveTimeToInstant("amanhã", SP)).toBeUndefined();
  });

  it("days keep the wall clock across a DST change (America/New_York)", () => {
    const start = naiveTimeToInstant("2026-03-07 09:00:00", "America/New_York") as Date;
    const r = rule({ intervalo: 1 });
    expect(iso(nominalOccurrence(start, r, 0, "America/New_York"))).toBe("2026-03-07T14:00:00.000Z");
    // 8 March 2026: clocks go forward; 09:00 EDT is 13:00Z.
    expect(iso(nominalOccurrence(start, r, 2, "America/New_York"))).toBe("2026-03-09T13:00:00.000Z");
  });
});

describe("intervalo (controlled dates, America/Sao_Paulo)", () => {
  // Tuesday 1 December 2026, 09:00 in São Paulo.
  const start = new Date("2026-12-01T12:00:00.000Z");

  it("1 days: every valorIntervalo days at the same time", () => {
    expect(sends(start, rule({ intervalo: 1, valorIntervalo: 2 }), 3)).toEqual([
      "2026-12-01T12:00:00.000Z",
      "2026-12-03T12:00:00.000Z",
      "2026-12-05T12:00:00.000Z",
    ]);
  });

  it("2 weeks: every valorIntervalo weeks", () => {
    expect(sends(start, rule({ intervalo: 2, valorIntervalo: 1 }), 3)).toEqual([
      "2026-12-01T12:00:00.000Z",
      "2026-12-08T12:00:00.000Z",
      "2026-12-15T12:00:00.000Z",
    ]);
  });

  it("3 months: the same day of the month, the last day when the month is shorter, no drift", () => {
    const jan31 = new Date("2027-01-31T12:00:00.000Z"); // Sunday
    expect(sends(jan31, rule({ intervalo: 3, valorIntervalo: 1 }), 4)).toEqual([
      "2027-01-31T12:00:00.000Z",
      "2027-02-28T12:00:00.000Z",
      "2027-03-31T12:00:00.000Z",
      "2027-04-30T12:00:00.000Z",
    ]);
    expect(sends(start, rule({ intervalo: 3, valorIntervalo: 12 }), 2)[1]).toBe("2027-12-01T12:00:00.000Z");
  });

  it("4 minutes: every valorIntervalo minutes of elapsed time", () => {
    expect(sends(start, rule({ intervalo: 4, valorIntervalo: 30 }), 3)).toEqual([
      "2026-12-01T12:00:00.000Z",
      "2026-12-01T12:30:00.000Z",
      "2026-12-01T13:00:00.000Z",
    ]);
  });
});

describe("tipoDias (Saturdays and Sundays of the company's time zone)", () => {
  // Friday 4 December 2026 09:00 São Paulo; daily.
  const friday = new Date("2026-12-04T12:00:00.000Z");
  const saturday = new Date("2026-12-05T12:00:00.000Z");

  it("4 sends on the weekend too", () => {
    expect(sends(friday, rule({ tipoDias: 4 }), 4)).toEqual([
      "2026-12-04T12:00:00.000Z",
      "2026-12-05T12:00:00.000Z",
      "2026-12-06T12:00:00.000Z",
      "2026-12-07T12:00:00.000Z",
    ]);
  });

  it("5 moves a weekend send to Friday; one send on Friday, not three", () => {
    expect(iso(applyTipoDias(saturday, 5, SP))).toBe("2026-12-04T12:00:00.000Z");
    expect(sends(friday, rule({ tipoDias: 5 }), 3)).toEqual([
      "2026-12-04T12:00:00.000Z",
      "2026-12-07T12:00:00.000Z",
      "2026-12-08T12:00:00.000Z",
    ]);
    // A series starting on Saturday sends its first on Friday.
    expect(sends(saturday, rule({ tipoDias: 5, intervalo: 2 }), 2)).toEqual([
      "2026-12-04T12:00:00.000Z",
      "2026-12-11T12:00:00.000Z",
    ]);
  });

  it("6 moves a weekend send to Monday; one send on Monday", () => {
    expect(iso(applyTipoDias(saturday, 6, SP))).toBe("2026-12-07T12:00:00.000Z");
    expect(sends(friday, rule({ tipoDias: 6 }), 3)).toEqual([
      "2026-12-04T12:00:00.000Z",
      "2026-12-07T12:00:00.000Z",
      "2026-12-08T12:00:00.000Z",
    ]);
  });

  it("the weekday is the company's: Saturday 01:00Z is still Friday in São Paulo", () => {
    const fridayNight = new Date("2026-12-05T01:00:00.000Z"); // Friday 22:00 in São Paulo
    expect(iso(applyTipoDias(fridayNight, 6, SP))).toBe(fridayNight.toISOString());
    expect(iso(applyTipoDias(fridayNight, 6, "UTC"))).toBe("2026-12-07T01:00:00.000Z");
  });

  it("a moved send keeps the nominal series: monthly on the 5th goes back to the 5th after a weekend", () => {
    const r = rule({ intervalo: 3, tipoDias: 6 });
    // 5 Dec 2026 is a Saturday: Monday 7th; 5 Jan 2027 is a Tuesday.
    expect(sends(saturday, r, 2)).toEqual(["2026-12-07T12:00:00.000Z", "2027-01-05T12:00:00.000Z"]);
    expect(
      nextOccurrence(saturday, r, SP, { step: 0, sendAt: new Date("2026-12-07T12:00:00.000Z") }),
    ).toEqual({
      step: 1,
      sendAt: new Date("2027-01-05T12:00:00.000Z"),
    });
  });
});

describe("the recurrence fields of POST and PUT /schedules", () => {
  const valid = { body: "Olá, tudo bem?", contactId: 1, sendAt: "2026-12-01 09:00:00" };
  const messageOf = (r: {
    success: boolean;
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  }) => r.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

  it("a naive sendAt is kept as a wall-clock time for the server; an ISO one is an instant", () => {
    expect(scheduleCreateSchema.parse(valid).sendAt).toEqual({ wallTime: "2026-12-01 09:00:00" });
    expect(scheduleCreateSchema.parse({ ...valid, sendAt: "2026-12-01T09:00:00-03:00" }).sendAt).toEqual({
      instant: new Date("2026-12-01T12:00:00.000Z"),
    });
  });

  it("intervalo needs valorIntervalo and enviarQuantasVezes; values outside the lists are refused", () => {
    expect(messageOf(scheduleCreateSchema.safeParse({ ...valid, intervalo: 1 }))).toEqual([
      "valorIntervalo: Obrigatório",
      "enviarQuantasVezes: Obrigatório",
    ]);
    expect(messageOf(scheduleCreateSchema.safeParse({ ...valid, intervalo: 5 }))).toContain(
      "intervalo: Valor inválido",
    );
    expect(messageOf(scheduleCreateSchema.safeParse({ ...valid, tipoDias: 3 }))).toEqual([
      "tipoDias: Valor inválido",
    ]);
    expect(
      messageOf(
        scheduleCreateSchema.safeParse({
          ...valid,
          intervalo: 4,
          valorIntervalo: 0,
          enviarQuantasVezes: 501,
        }),
      ),
    ).toEqual(["valorIntervalo: Valor inválido", "enviarQuantasVezes: Valor inválido"]);
    expect(
      scheduleCreateSchema.parse({
        ...valid,
        intervalo: 2,
        valorIntervalo: 1,
        enviarQuantasVezes: 3,
        tipoDias: 6,
      }),
    ).toMatchObject({ intervalo: 2, valorIntervalo: 1, enviarQuantasVezes: 3, tipoDias: 6 });
    expect(scheduleUpdateSchema.parse({ valorIntervalo: 2 })).toEqual({ valorIntervalo: 2 });
  });
});
