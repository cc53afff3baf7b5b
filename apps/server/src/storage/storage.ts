import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "../http/app-error.js";
import { mediaDuration } from "./media-duration.js";

/**
 * What a file may be, per use: `image` for avatars, logos and schedule or
 * announcement pictures (png, jpeg, webp); `favicon` for the whitelabel's tab
 * icon (png or ico: what browsers take as an icon; never SVG, which is active
 * content); `media` for message attachments (images, audio, video and
 * documents of any kind).
 */
export type FileUse = "image" | "favicon" | "media";

/** The file's family, from its bytes: how a conversation shows it. */
export type FileKind = "image" | "audio" | "video" | "document";

export interface StoredFile {
  /** The public path, `/public/company{id}/{folder}/{random}.{ext}`: the extension is the detected type's. */
  path: string;
  /** The detected type (or the declared one when both name the same type, keeping codec details). */
  mimeType: string;
  kind: FileKind;
  /** The sender's file name, sanitised: for display only, never a path on disk. */
  name: string;
  /** Bytes stored. */
  size: number;
  /** Audio and video: the length in seconds read from the bytes, when the container says it. */
  durationSeconds?: number;
}

export interface FileInput {
  bytes: Buffer;
  /** The sender's name for the file (display only). */
  name?: string;
  /** The type the sender claimed: never trusted alone, kept only when the bytes agree. */
  declaredType?: string;
  use: FileUse;
}

/** Where files live. Local disk now; the same interface fits an S3-compatible store. */
export interface Storage {
  /** Saves bytes under the company's folder, typed from their bytes; refuses what the use does not allow (400). */
  save(companyId: number, folder: string, file: FileInput): Promise<StoredFile>;
  remove(publicPath: string): Promise<void>;
  /** The directory served under `/public`. */
  readonly root: string;
}

/** The image types avatars, logos and schedule or announcement pictures accept. */
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);

/** The types a favicon may be (file-type names ICO image/x-icon). */
const FAVICON_TYPES = new Set(["image/png", "image/x-icon", "image/vnd.microsoft.icon"]);

/** Undetectable plain-text documents kept with their extension (served as downloads like any document). */
const TEXT_EXTENSIONS: Record<string, string> = { txt: "text/plain", csv: "text/csv" };

export function localStorage(root: string): Storage {
  return {
    root,
    async save(companyId, folder, input) {
      const type = await detectFile(input);
      if (input.use === "image" && !IMAGE_TYPES.has(type.mime))
        throw new AppError("ERR_FILE_TYPE_NOT_ALLOWED", {
          message: "Only PNG, JPEG or WebP images are accepted",
        });
      if (input.use === "favicon" && !FAVICON_TYPES.has(type.mime))
        throw new AppError("ERR_FILE_TYPE_NOT_ALLOWED", { message: "Only PNG or ICO icons are accepted" });
      // A random name: files are served without a token, so names must not be guessable.
      const name = `${Date.now()}-${randomBytes(12).toString("hex")}.${type.ext}`;
      const relative = join(`company${companyId}`, safeSegment(folder), name);
      await mkdir(join(root, `company${companyId}`, safeSegment(folder)), { recursive: true });
      await writeFile(join(root, relative), input.bytes);
      const kind = kindOf(type.mime);
      const durationSeconds =
        kind === "audio" || kind === "video" ? await mediaDuration(input.bytes, type.mime) : undefined;
      return {
        path: `/public/${relative.split("\\").join("/")}`,
        mimeType: type.mime,
        kind,
        name: displayName(input.name, type.ext),
        size: input.bytes.byteLength,
        ...(durationSeconds !== undefined ? { durationSeconds } : {}),
      };
    },
    async remove(publicPath) {
      if (!publicPath.startsWith("/public/")) return;
      const relative = normalize(publicPath.slice("/public/".length));
      if (relative.startsWith("..")) return;
      await unlink(join(root, relative)).catch(() => {});
    },
  };
}

/**
 * The file's type from its bytes (file-type's signatures). Audio in a
 * container that also holds video (WebM, MP4, Ogg) keeps an audio type when
 * the sender said audio: a recorded voice note is audio/webm. Bytes no
 * signature matches are `application/octet-stream` (`.bin`), except plain
 * text named .txt or .csv.
 */
export async function detectFile(input: {
  bytes: Buffer;
  name?: string;
  declaredType?: string;
}): Promise<{ mime: string; ext: string }> {
  const declared = baseType(input.declaredType);
  const found = await fileTypeFromBuffer(input.bytes).catch(() => undefined);
  if (found) {
    let mime = found.mime.toLowerCase();
    if (declared.startsWith("audio/") && /^video\/(webm|mp4|ogg|quicktime|3gpp)$/.test(mime))
      mime = `audio/${mime.slice("video/".length)}`;
    // The declared type may carry codec details (audio/ogg; codecs=opus) worth keeping when it agrees.
    const full = declaredFull(input.declaredType);
    return { mime: full && declared === baseType(mime) ? full : mime, ext: found.ext };
  }
  const claimedExt = extname(input.name ?? "")
    .slice(1)
    .toLowerCase();
  const text = TEXT_EXTENSIONS[claimedExt];
  if (text && !input.bytes.includes(0)) return { mime: text, ext: claimedExt };
  return { mime: "application/octet-stream", ext: "bin" };
}

function kindOf(mime: string): FileKind {
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("audio/")) return "audio";
  if (mime.startsWith("video/")) return "video";
  return "document";
}

function baseType(type: string | undefined): string {
  return (type ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** A declared type with parameters, only in a plain shape (`type/sub; codecs=...`). */
function declaredFull(type: string | undefined): string | undefined {
  const value = (type ?? "").trim().toLowerCase();
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+(; ?codecs="?[a-z0-9.,-]+"?)?$/.test(value) && value.length <= 100
    ? value
    : undefined;
}

function safeSegment(folder: string): string {
  return folder.replace(/[^a-z0-9_-]/gi, "") || "files";
}

/**
 * The sender's file name as display text: no directories, no control or
 * bidirectional-override characters, at most 200 characters; a name-less file
 * is `file.{ext}`.
 */
export function displayName(name: string | undefined, ext: string): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim()
    .slice(0, 200);
  return clean && clean !== "." && clean !== ".." ? clean : `file.${ext}`;
}

/** A stored file's size and length as a message's `extra` keeps them (`fileSize`, `durationSeconds`). */
export function fileFacts(file: Pick<StoredFile, "size" | "durationSeconds">): {
  fileSize: number;
  durationSeconds?: number;
} {
  return {
    fileSize: file.size,
    ...(file.durationSeconds !== undefined ? { durationSeconds: file.durationSeconds } : {}),
  };
}
