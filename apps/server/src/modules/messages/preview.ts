import { messagePreview } from "@inbox/shared";
import { displayName } from "../../storage/storage.js";

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

/**
 * A message as a ticket's `lastMessage`: the shared one-line preview ('📷 Foto
 * legenda', '🎤 Áudio 0:08', '📄 nota.pdf') from the row's body, type and what
 * `extra` keeps (file name, length, sticker), cut to `PREVIEW_MAX_CHARS`.
 */
export function previewOfMessage(message: {
  body: string;
  mediaType?: string | null;
  extra?: Record<string, unknown> | null;
}): string {
  const extra = message.extra ?? {};
  const name = typeof extra.fileName === "string" ? extra.fileName : extra.filename;
  const duration = extra.durationSeconds;
  return previewOf(
    messagePreview({
      body: message.body,
      mediaType: message.mediaType ?? "chat",
      fileName: typeof name === "string" ? displayName(name, "bin") : null,
      durationSeconds: typeof duration === "number" ? duration : null,
      sticker: extra.sticker === true,
    }),
  );
}
