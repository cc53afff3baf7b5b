import { LIMITS } from "@inbox/shared";
import { useCallback, useState } from "react";
import { readPreference, writePreference } from "./preferences";

/** Notification volume, 0 to 1, kept as the user's preference `volume` (default 1; app/preferences.ts). */
export function readVolume(): number {
  const raw = readPreference(LIMITS.volumeStorageKey);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : LIMITS.defaultVolume;
}

export function useVolume(): [number, (value: number) => void] {
  const [volume, setVolumeState] = useState(readVolume);
  const setVolume = useCallback((value: number) => {
    const clamped = Math.min(1, Math.max(0, Math.round(value * 10) / 10));
    writePreference(LIMITS.volumeStorageKey, String(clamped));
    setVolumeState(clamped);
  }, []);
  return [volume, setVolume];
}
