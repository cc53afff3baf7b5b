import { describe, expect, it } from "vitest";
import { buildConnection } from "../../../test/connections";
import {
  type ConnectionFormInput,
  connectionFormSchema,
  toCreateBody,
  toFormValues,
  toUpdateBody,
} from "./connection-form-schema";

const schema = connectionFormSchema({ userRating: false });
const parse = (input: ConnectionFormInput) => schema.parse(input);
const issues = (input: ConnectionFormInput, userRating = false) =>
  (connectionFormSchema({ userRating }).safeParse(input).error?.issues ?? []).map(
    (issue) => `${issue.path.join(".")}: ${issue.message}`,
  );
const byConnection = { schedulesByConnection: true };
const notByConnection = { schedulesByConnection: false };
const isoDay = (daysFromNow: number) =>
  new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);

describe("connection form bodies", () => {
  it("leaves empty secrets and verify token out, and sends empty messages as null", () => {
    const values = parse({ ...toFormValues("whatsappapi"), name: "Cloud", phoneNumberId: "123" });
    const body = toCreateBody(values, notByConnection);
    expect(body).toMatchObject({ name: "Cloud", channel: "whatsappapi", phoneNumberId: "123", wabaId: "" });
    expect(body.greetingMessage).toBeNull();
    for (const field of [
      "accessToken",
      "appSecret",
      "verifyToken",
      "pageId",
      "instagramId",
      "importMessages",
    ])
      expect(body, field).not.toHaveProperty(field);
    // The message import is a QR-code connection's.
    expect(body).not.toHaveProperty("importOldMessages");
    expect(body).not.toHaveProperty("queueIdImportMessages");
  });

  it("sends a typed secret, and no channel or Meta fields for a QR-code connection update", () => {
    const cloud = parse({ ...toFormValues("whatsappapi"), name: "Cloud", accessToken: "EAAG-new" });
    expect(toUpdateBody(cloud, notByConnection)).toMatchObject({ accessToken: "EAAG-new" });
    expect(toUpdateBody(cloud, notByConnection)).not.toHaveProperty("channel");

    const qr = parse(toFormValues("whatsapp", buildConnection({ greetingMessage: "Olá!" })));
    const body = toUpdateBody(qr, notByConnection);
    expect(body.greetingMessage).toBe("Olá!");
    for (const field of [
      "phoneNumberId",
      "wabaId",
      "pageId",
      "instagramId",
      "accessToken",
      "appSecret",
      "verifyToken",
    ]) {
      expect(body, field).not.toHaveProperty(field);
    }
  });

  it("turns an empty number field into 0 (spec 2 section 5)", () => {
    const values = parse({ ...toFormValues("whatsapp"), name: "Vendas", timeSendQueue: "" });
    expect(values.timeSendQueue).toBe(0);
  });

  it("sends the schedules only when the company's hours are per connection; seven default days", () => {
    const values = parse({ ...toFormValues("whatsapp"), name: "Vendas" });
    expect(values.schedules).toHaveLength(7);
    expect(values.schedules[0]).toMatchObject({
      weekdayEn: "monday",
      startTimeA: "08:00",
      endTimeA: "12:00",
      startTimeB: "13:00",
      endTimeB: "18:00",
    });
    expect(toUpdateBody(values, byConnection).schedules).toHaveLength(7);
    expect(toUpdateBody(values, notByConnection)).not.toHaveProperty("schedules");
  });

  it("shows stored schedules by weekday, an older single shift as shift A", () => {
    const values = toFormValues(
      "whatsapp",
      buildConnection({
        schedules: [{ weekday: "Domingo", weekdayEn: "sunday", startTime: "09:00", endTime: "13:00" }],
      }),
    );
    expect(values.schedules.map((day) => day.weekdayEn)).toEqual([
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
      "sunday",
    ]);
    expect(values.schedules[6]).toMatchObject({ startTimeA: "09:00", endTimeA: "13:00", startTimeB: "" });
    expect(values.schedules[0]).toMatchObject({ startTimeA: "", endTimeA: "" });
  });

  it("sends vacation days and import days as the API reads them; the import off sends no dates", () => {
    const values = parse({
      ...toFormValues("whatsapp"),
      name: "Vendas",
      collectiveVacationStart: "2030-01-02",
      collectiveVacationEnd: "2030-01-20",
      collectiveVacationMessage: "Férias!",
      importMessages: false,
      importOldMessages: isoDay(-30),
    });
    expect(toUpdateBody(values, notByConnection)).toMatchObject({
      collectiveVacationStart: "2030-01-02",
      collectiveVacationEnd: "2030-01-20",
      collectiveVacationMessage: "Férias!",
      importOldMessages: null,
      importRecentMessages: null,
    });
  });
});

describe("connection form rules (spec 2 section 5)", () => {
  const valid = { ...toFormValues("whatsapp"), name: "Vendas" };

  it("userRating enabled: errorRatingMessage and errorExpiresNPS; disabled: neither", () => {
    expect(issues(valid, true)).toEqual([
      "ratingMessage: errorRatingMessage",
      "expiresTicketNPS: errorExpiresNPS",
    ]);
    expect(issues({ ...valid, ratingMessage: "Nota de 0 a 10?", expiresTicketNPS: "5" }, true)).toEqual([]);
    expect(issues(valid, false)).toEqual([]);
  });

  it("errorSendQueue; a vacation message needs its dates; the end on or after the start", () => {
    expect(issues({ ...valid, timeSendQueue: "5" })).toEqual(["sendIdQueue: errorSendQueue"]);
    expect(issues({ ...valid, collectiveVacationMessage: "Férias" })).toEqual([
      "collectiveVacationStart: A vacation message needs a start date",
      "collectiveVacationEnd: A vacation message needs an end date",
    ]);
    expect(
      issues({ ...valid, collectiveVacationStart: "2030-01-10", collectiveVacationEnd: "2030-01-09" }),
    ).toEqual(["collectiveVacationEnd: The vacation ends on or after its start"]);
  });

  it("import: a start between 2 years ago and now, recent at or after it, a queue", () => {
    const importing = { ...valid, importMessages: true };
    expect(issues(importing)).toEqual(["importOldMessages: Required"]);
    expect(issues({ ...importing, importOldMessages: isoDay(-800), queueIdImportMessages: 1 })).toEqual([
      "importOldMessages: importWindow",
    ]);
    expect(issues({ ...importing, importOldMessages: isoDay(-10) })).toEqual([
      "queueIdImportMessages: A queue for the imported messages is required",
    ]);
    expect(
      issues({
        ...importing,
        importOldMessages: isoDay(-10),
        importRecentMessages: isoDay(-20),
        queueIdImportMessages: 1,
      }),
    ).toEqual(["importRecentMessages: The recent import starts at or after the import start"]);
  });

  it("schedule times use HH:MM; a shift is complete and ends after it starts", () => {
    const days = valid.schedules.map((day) => ({ ...day }));
    days[0] = { ...days[0], weekdayEn: "monday", startTimeA: "8:00" };
    days[1] = { ...days[1], weekdayEn: "tuesday", endTimeB: "" };
    days[2] = { ...days[2], weekdayEn: "wednesday", startTimeA: "12:30", endTimeA: "12:00" };
    expect(issues({ ...valid, schedules: days })).toEqual([
      "schedules.0.startTimeA: Invalid time",
      "schedules.1.endTimeB: A shift needs its start and its end",
      "schedules.2.endTimeA: A shift ends after it starts",
    ]);
  });
});
