/**
 * Which ticket the user is looking at in the focused window of this app,
 * shared between the app's tabs through localStorage. A tab in the
 * background then knows not to notify the ticket the user is reading in
 * another tab. Only the focused window writes the record; it refreshes it
 * while focused, so a record left behind by a crashed tab goes stale.
 */

const KEY = "notifications.viewing";
/** A record older than this is ignored. */
export const VIEWING_MAX_AGE_MS = 60_000;
/** How often the focused window refreshes its record. */
export const VIEWING_REFRESH_MS = 20_000;

interface Viewing {
  tab: string;
  uuid: string | null;
  at: number;
}

/** This tab's id. */
export const TAB_ID =
  typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function read(): Viewing | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Viewing>;
    if (typeof value.tab !== "string" || typeof value.at !== "number") return null;
    return { tab: value.tab, uuid: typeof value.uuid === "string" ? value.uuid : null, at: value.at };
  } catch {
    return null;
  }
}

/** The focused window says which ticket it shows (null: none). */
export function publishViewing(uuid: string | null, tab = TAB_ID, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ tab, uuid, at: now } satisfies Viewing));
  } catch {
    // Storage full or refused: each tab then only knows its own state.
  }
}

/** The window lost the focus or is closing: its record, if it is the current one, goes. */
export function clearViewing(tab = TAB_ID): void {
  try {
    if (read()?.tab === tab) localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}

/**
 * The ticket open in another, focused window of the app, if any; undefined
 * when no other window of the app has the focus.
 */
export function viewedElsewhere(tab = TAB_ID, now = Date.now()): { uuid: string | null } | undefined {
  const record = read();
  if (!record || record.tab === tab || now - record.at > VIEWING_MAX_AGE_MS) return undefined;
  return { uuid: record.uuid };
}
