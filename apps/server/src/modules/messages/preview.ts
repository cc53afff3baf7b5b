/**
 * A ticket's `lastMessage` is a preview, not the message: a very long text is
 * stored whole in its message row, but lists (GET /tickets, dashboards, socket
 * ticket events) carry at most this many characters of it.
 */
export const PREVIEW_MAX_CHARS = 255;

/** The first `PREVIEW_MAX_CHARS` characters (whole code points), with an ellipsis when cut. */
export function previewOf(text: string): string {
  if (text.length <= PREVIEW_MAX_CHARS) return text;
  let cut = text.slice(0, PREVIEW_MAX_CHARS - 1);
  // Never split a surrogate pair (an emoji) in two.
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}…`;
}
