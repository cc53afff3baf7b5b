import { useEffect, useRef } from "react";

/** ① is U+2460; ⑳ is U+2473. */
const CIRCLED_ONE = 0x2460;
const MAX_CIRCLED = 20;

/**
 * The browser tab title with the unread count (spec 1 section 2): a circled
 * digit for 1 to 20, '(N)' above 20, the bare title when nothing is unread.
 */
export function titleWithBadge(base: string, unread: number): string {
  const count = Math.floor(unread);
  if (!Number.isFinite(count) || count <= 0) return base;
  const badge = count <= MAX_CIRCLED ? String.fromCodePoint(CIRCLED_ONE + count - 1) : `(${count})`;
  return `${badge} ${base}`;
}

/** The title without a badge that `titleWithBadge` put in front. */
export function titleWithoutBadge(title: string): string {
  return title.replace(/^(?:[\u2460-\u2473]|\(\d+\)) /u, "");
}

/**
 * Keeps `document.title` (`title`, or the page's title) badged with `unread`
 * while mounted and restores the bare title after. The signed-in shell passes the bell's total: the unread
 * messages of the tickets the user may see, kept live from socket events
 * (notifications/use-unread-tickets.ts).
 */
export function useTitleBadge(unread: number, title?: string): void {
  const base = useRef<string | null>(null);
  useEffect(() => {
    // The system name (whitelabel) when given; else the page's title as it was.
    if (title) base.current = title;
    base.current ??= titleWithoutBadge(document.title);
    document.title = titleWithBadge(base.current, unread);
  }, [unread, title]);
  useEffect(
    () => () => {
      if (base.current !== null) document.title = base.current;
    },
    [],
  );
}
