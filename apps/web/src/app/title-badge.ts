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
