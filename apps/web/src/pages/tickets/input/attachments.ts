import { LIMITS } from "@inbox/shared";

/**
 * Attachments of the message input (spec 1 section 5: image, video, audio,
 * application and text files), within the server's limits per file and per send.
 */
export const ATTACHMENT_MAX_BYTES = LIMITS.messageMediaMaxBytes;
export const ATTACHMENT_MAX_FILES = LIMITS.messageMediaMaxFiles;
export const ATTACHMENT_ACCEPT = "image/*,video/*,audio/*,application/*,text/*";

export type AttachmentKind = "image" | "video" | "audio" | "application" | "text";

const KINDS: AttachmentKind[] = ["image", "video", "audio", "application", "text"];

export function attachmentKind(file: Pick<File, "type">): AttachmentKind | null {
  const prefix = file.type.split("/")[0] ?? "";
  return (KINDS as string[]).includes(prefix) ? (prefix as AttachmentKind) : null;
}

export type AttachmentProblem = { kind: "unsupported" | "tooBig"; name: string } | { kind: "tooMany" };

/** The first reason these files cannot be sent, or null. */
export function attachmentProblem(files: File[]): AttachmentProblem | null {
  if (files.length > ATTACHMENT_MAX_FILES) return { kind: "tooMany" };
  for (const file of files) {
    if (!attachmentKind(file)) return { kind: "unsupported", name: file.name };
    if (file.size > ATTACHMENT_MAX_BYTES) return { kind: "tooBig", name: file.name };
  }
  return null;
}
