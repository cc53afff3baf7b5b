import { LIMITS } from "@inbox/shared";
import { useEffect, useState } from "react";

/** `value` once it has stopped changing for `delayMs` (spec 1 section 9: searches wait 500 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number = LIMITS.searchDebounceMs): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
