import { DASHBOARD_DEFAULT_MAX_RESPONSE_MINUTES, type DashboardAttendant } from "@inbox/shared";
import type { DashboardRange } from "../../api/dashboard";

const pad = (value: number) => String(value).padStart(2, "0");

/** A local calendar day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Minutes east of UTC of the browser's clock on that day (getTimezoneOffset counts west). */
export function utcOffsetOf(date: Date): number {
  return -date.getTimezoneOffset() || 0;
}

/** Spec 1 section 9: the start of the month to today. */
export function defaultRange(now = new Date()): DashboardRange {
  return {
    dateFrom: localDay(new Date(now.getFullYear(), now.getMonth(), 1)),
    dateTo: localDay(now),
    utcOffset: utcOffsetOf(now),
  };
}

/** Minutes as '45 min' or '2 h 05 min'; '-' when nothing was measured. */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return "-";
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  return `${Math.floor(whole / 60)} h ${pad(whole % 60)} min`;
}

/** Closed over assigned, 0 to 100; 0 without tickets. */
export function resolutionRate(finished: number, total: number): number {
  return total > 0 ? Math.round((finished / total) * 100) : 0;
}

/**
 * The average response against the slowest one (spec 1 section 2: "average
 * response versus max, default 60"): with no maximum yet the scale is 60 minutes.
 */
export function responseScale(avg: number | null, max: number | null): { value: number; max: number } {
  const scale = max && max > 0 ? max : DASHBOARD_DEFAULT_MAX_RESPONSE_MINUTES;
  return { value: Math.min(100, Math.round(((avg ?? 0) / scale) * 100)), max: scale };
}

/** One CSV cell: quoted when it holds a separator, a quote or a line break; formulas defused. */
function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  // A cell starting with = + - @ is a formula to a spreadsheet: prefix it so it stays text.
  if (typeof value === "string" && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The attendants table as a spreadsheet (CSV with a BOM and ';' separators,
 * as Excel in pt/es locales opens it directly). Headers are translated by the caller.
 */
export function attendantsCsv(
  headers: {
    name: string;
    status: string;
    rating: string;
    tickets: string;
    finished: string;
    avgWaitTime: string;
    avgSupportTime: string;
    resolution: string;
  },
  rows: DashboardAttendant[],
  statusText: (online: boolean) => string,
): string {
  const lines = [
    [
      headers.name,
      headers.status,
      headers.rating,
      headers.tickets,
      headers.finished,
      headers.avgWaitTime,
      headers.avgSupportTime,
      headers.resolution,
    ],
    ...rows.map((row) => [
      row.name,
      statusText(row.online),
      row.rating === null ? null : row.rating.toFixed(1),
      row.tickets,
      row.finished,
      row.avgWaitTime,
      row.avgSupportTime,
      resolutionRate(row.finished, row.tickets),
    ]),
  ];
  return `\uFEFF${lines.map((line) => line.map(csvCell).join(";")).join("\r\n")}\r\n`;
}

/** Hands a text file to the browser's download. */
export function downloadText(fileName: string, text: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The value axis of a count chart: 0 up to a round top at or above `peak`, in at most five steps of
 * 1, 2 or 5 times a power of ten (peak 0 still gets the axis 0..1).
 */
export function countTicks(peak: number): number[] {
  const top = Math.max(1, Math.ceil(peak));
  const rough = top / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const ticks: number[] = [];
  for (let value = 0; value < top + step; value += step) {
    ticks.push(value);
    if (value >= top) break;
  }
  return ticks;
}
