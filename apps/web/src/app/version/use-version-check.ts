import { useEffect, useState } from "react";
import { authApi } from "../../api/auth";

/** Spec 3 sections 7 and 9: the version is polled every 5 seconds. */
export const VERSION_POLL_MS = 5_000;

/**
 * Whether the server now runs another version than the one this page loaded with (spec 3 section
 * 4): the first version read is kept, and GET /version is read again every 5 s. The page's code is
 * the old one until it reloads, so a different answer means the user must reload; polling stops
 * there. A failed read (the server restarting for the deploy) changes nothing and the next poll
 * tries again; a poll still waiting for its answer is not doubled.
 */
export function useVersionCheck(): { outdated: boolean } {
  const [outdated, setOutdated] = useState(false);
  useEffect(() => {
    if (outdated) return;
    let stopped = false;
    let waiting = false;
    let loadedWith: string | undefined;
    const check = async () => {
      if (waiting) return;
      waiting = true;
      try {
        const { version } = await authApi.version();
        if (stopped) return;
        if (loadedWith === undefined) loadedWith = version;
        else if (version !== loadedWith) setOutdated(true);
      } catch {
        // Server unreachable or restarting: the next poll asks again.
      } finally {
        waiting = false;
      }
    };
    void check();
    const timer = setInterval(() => void check(), VERSION_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [outdated]);
  return { outdated };
}
