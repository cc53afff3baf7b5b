import { useCallback, useState } from "react";

/**
 * The signed-in user's saved choices in this browser (volume, the composer's sign and note
 * toggles, audio speed, the tickets screen's tab, queues, show-all and order): kept in
 * localStorage under `pref:{userId}:{name}`, so they survive a reload and a sign-out and
 * sign-in of the same user, and another user on the same browser starts from the defaults.
 * A login elsewhere clears the rest of the storage (spec 1 section 4) but keeps these
 * (clearSessionStorage). Without a signed-in user (tests, the login page) the plain name is used.
 */
export const PREFERENCE_PREFIX = "pref:";

let owner: number | null = null;

/** Whose preferences are read and written from now on (SignedInLayout sets it for the signed-in user). */
export function setPreferenceOwner(userId: number | null): void {
  owner = userId;
}

export function preferenceKey(name: string): string {
  return owner === null ? name : `${PREFERENCE_PREFIX}${owner}:${name}`;
}

export function readPreference(name: string): string | null {
  try {
    return localStorage.getItem(preferenceKey(name));
  } catch {
    return null;
  }
}

export function writePreference(name: string, value: string): void {
  try {
    localStorage.setItem(preferenceKey(name), value);
  } catch {
    // Private mode or full storage: the choice still holds for this visit.
  }
}

/** Empties localStorage (the token and everything else) except every user's saved preferences. */
export function clearSessionStorage(): void {
  try {
    const keep = Object.keys(localStorage).filter((key) => key.startsWith(PREFERENCE_PREFIX));
    const kept = keep.map((key) => [key, localStorage.getItem(key) ?? ""] as const);
    localStorage.clear();
    for (const [key, value] of kept) localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/**
 * A JSON value kept as the user's preference `name`; a stored value `accept` refuses (or
 * unreadable JSON) reads as `fallback`.
 */
export function useStoredPreference<T>(
  name: string,
  fallback: T,
  accept: (value: unknown) => value is T,
): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const raw = readPreference(name);
    if (raw === null) return fallback;
    try {
      const parsed: unknown = JSON.parse(raw);
      return accept(parsed) ? parsed : fallback;
    } catch {
      return fallback;
    }
  });
  const set = useCallback(
    (next: T) => {
      setValue(next);
      writePreference(name, JSON.stringify(next));
    },
    [name],
  );
  return [value, set];
}
