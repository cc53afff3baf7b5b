import { useCallback, useState } from "react";

/**
 * Which announcements the user has seen. The server keeps no such record
 * (GET /announcements/ has no "seen" field and there is no route to mark
 * one), so it lives in this browser's localStorage, one key per user: the ids
 * seen, newest last, capped so the key stays small. Another browser or a
 * cleared storage shows the announcements as unseen again, which is harmless.
 * An announcement counts as seen once the popover showed it.
 */
export const SEEN_LIMIT = 500;

export const seenAnnouncementsKey = (userId: number) => `announcementsSeen:${userId}`;

function readSeen(userId: number): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(seenAnnouncementsKey(userId)) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === "number") : [];
  } catch {
    return [];
  }
}

export function useSeenAnnouncements(userId: number) {
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set(readSeen(userId)));

  const markSeen = useCallback(
    (ids: readonly number[]) => {
      setSeen((current) => {
        const fresh = ids.filter((id) => !current.has(id));
        if (fresh.length === 0) return current;
        const all = [...current, ...fresh].slice(-SEEN_LIMIT);
        try {
          localStorage.setItem(seenAnnouncementsKey(userId), JSON.stringify(all));
        } catch {
          // Storage full or blocked: seen for this page's life only.
        }
        return new Set(all);
      });
    },
    [userId],
  );

  return { seen, markSeen };
}
