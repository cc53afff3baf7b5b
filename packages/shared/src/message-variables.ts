/**
 * Message variables of greeting-style texts (spec 1 section 3): `{{firstName}}`,
 * `{{name}}`, `{{userName}}`, `{{ms}}`, `{{protocol}}`, `{{date}}`, `{{hour}}`,
 * `{{ticket_id}}`, `{{queue}}`, `{{connection}}`. Pure: the clock and the
 * time zone are arguments, so the server and the web app's previews agree.
 *
 * Unknown names are left as written (an attendant sees the typo instead of a
 * silent blank); known names with no value become an empty text.
 */

export interface MessageVariableFacts {
  ticketId?: number | null;
  contactName?: string | null;
  userName?: string | null;
  queueName?: string | null;
  connectionName?: string | null;
}

export const MESSAGE_VARIABLES = [
  "firstName",
  "name",
  "userName",
  "ms",
  "protocol",
  "date",
  "hour",
  "ticket_id",
  "queue",
  "connection",
] as const;
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];

/** The wall clock in a time zone (the host's when none is given). */
interface Clock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function clockOf(now: Date, timeZone?: string): Clock {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}

/** `{{ms}}`: the greeting of the time of day, in Portuguese (the product's default language). */
export function timeOfDayGreeting(hour: number): string {
  if (hour < 6) return "Boa madrugada";
  if (hour < 12) return "Bom dia";
  if (hour < 18) return "Boa tarde";
  return "Boa noite";
}

/** The first word of a name with its first letter upper-cased. */
function firstNameOf(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? "";
  return first.charAt(0).toUpperCase() + first.slice(1);
}

/** The value of every variable for these facts at this instant. */
export function messageVariableValues(
  facts: MessageVariableFacts,
  now: Date,
  timeZone?: string,
): Record<MessageVariable, string> {
  const c = clockOf(now, timeZone);
  const ticketId = facts.ticketId ?? null;
  return {
    firstName: firstNameOf(facts.contactName ?? ""),
    name: facts.contactName ?? "",
    userName: facts.userName ?? "",
    ms: timeOfDayGreeting(Number(c.hour)),
    // A protocol number: the instant down to the second, then the ticket id (unique per ticket and moment).
    protocol: `${c.year}${c.month}${c.day}${c.hour}${c.minute}${c.second}${ticketId ?? ""}`,
    date: `${c.day}/${c.month}/${c.year}`,
    hour: `${c.hour}:${c.minute}:${c.second}`,
    ticket_id: ticketId === null ? "" : String(ticketId),
    queue: facts.queueName ?? "",
    connection: facts.connectionName ?? "",
  };
}

const KNOWN = new Set<string>(MESSAGE_VARIABLES);

/** Replaces `{{variable}}` (spaces inside the braces allowed) in `template`. */
export function renderMessageVariables(
  template: string,
  facts: MessageVariableFacts,
  now: Date = new Date(),
  timeZone?: string,
): string {
  if (!template.includes("{{")) return template;
  const values = messageVariableValues(facts, now, timeZone);
  return template.replace(/\{\{\s*([A-Za-z_]+)\s*\}\}/g, (whole, name: string) =>
    KNOWN.has(name) ? values[name as MessageVariable] : whole,
  );
}
