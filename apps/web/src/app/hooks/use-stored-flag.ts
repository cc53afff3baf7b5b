import { useCallback, useState } from "react";

function read(key: string, fallback: boolean): boolean {
  try {
    const value = localStorage.getItem(key);
    return value === null ? fallback : value === "true";
  } catch {
    return fallback;
  }
}

/** A boolean kept in localStorage under `key` (the input's sign and private toggles, spec 1 section 9). */
export function useStoredFlag(key: string, fallback = false): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => read(key, fallback));
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        localStorage.setItem(key, String(next));
      } catch {
        // Private mode or full storage: the toggle still works for this visit.
      }
    },
    [key],
  );
  return [value, set];
}
