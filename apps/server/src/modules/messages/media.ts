import { extname } from "node:path";
import type { OutboundKind } from "../../channels/types.js";

/**
 * What an attachment is, from its MIME type: the spec's mediaType and the
 * outbound kind (spec 1 section 5: image, video, audio, application and
 * text files; audio goes out as a voice note).
 */
export function attachmentKind(mimeType: string): { mediaType: string; kind: OutboundKind } | undefined {
  const type = mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type.startsWith("image/")) return { mediaType: "image", kind: "image" };
  if (type.startsWith("video/")) return { mediaType: "video", kind: "video" };
  if (type.startsWith("audio/")) return { mediaType: "audio", kind: "audio" };
  if (type.startsWith("application/") || type.startsWith("text/"))
    return { mediaType: "application", kind: "document" };
  return undefined;
}

const BY_EXTENSION: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".mp4": "video/mp4",
  ".3gp": "video/3gpp",
  ".ogg": "audio/ogg",
  ".oga": "audio/ogg",
  ".opus": "audio/ogg",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".aac": "audio/aac",
  ".wav": "audio/wav",
  ".webm": "audio/webm",
  ".pdf": "application/pdf",
  ".txt": "text/plain",
  ".csv": "text/csv",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xls": "application/vnd.ms-excel",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".zip": "application/zip",
};

/** A stored file's MIME type, from its name (files are saved with their extension). */
export function mimeTypeOf(filename: string): string {
  return BY_EXTENSION[extname(filename).toLowerCase()] ?? "application/octet-stream";
}
