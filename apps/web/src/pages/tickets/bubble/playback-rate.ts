import { useCallback, useSyncExternalStore } from "react";
import { readPreference, writePreference } from "../../../app/preferences";

/** Spec 1 section 9: audio playback speeds cycle 0.5, 1, 1.5, 2 and are saved locally. */
export const PLAYBACK_RATES = [0.5, 1, 1.5, 2] as const;
export const PLAYBACK_RATE_STORAGE_KEY = "audioMessageRate";

const listeners = new Set<() => void>();

function read(): number {
  const stored = Number(readPreference(PLAYBACK_RATE_STORAGE_KEY));
  return (PLAYBACK_RATES as readonly number[]).includes(stored) ? stored : 1;
}

/** The speed after `rate` in the cycle. */
export function nextPlaybackRate(rate: number): number {
  const index = (PLAYBACK_RATES as readonly number[]).indexOf(rate);
  return PLAYBACK_RATES[(index + 1) % PLAYBACK_RATES.length] ?? 1;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** The saved speed, shared by every player on the page (and other tabs); `cycle` moves to the next one. */
export function usePlaybackRate(): [number, () => void] {
  const rate = useSyncExternalStore(subscribe, read, () => 1);
  const cycle = useCallback(() => {
    writePreference(PLAYBACK_RATE_STORAGE_KEY, String(nextPlaybackRate(read())));
    for (const listener of listeners) listener();
  }, []);
  return [rate, cycle];
}
