import { useCallback, useState } from "react";
import { readPreference, writePreference } from "../preferences";

function read(key: string, fallback: boolean): boolean {
  const value = readPreference(key);
  return value === null ? fallback : value === "true";
}

/** A boolean kept as the user's preference `key` (the input's sign and private toggles, spec 1 section 9). */
export function useStoredFlag(key: string, fallback = false): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => read(key, fallback));
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      writePreference(key, String(next));
    },
    [key],
  );
  return [value, set];
}
