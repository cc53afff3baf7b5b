import { createHash, createHmac, randomBytes } from "node:crypto";
import { numericId } from "./ids.js";
import type { MediaInput } from "./types.js";

/** A 1x1 transparent PNG. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
/** An Ogg page header followed by an Opus head: enough for sniffers, not a playable clip. */
const OGG_OPUS = Buffer.concat([
  Buffer.from("OggS", "latin1"),
  Buffer.from([0x00, 0x02, ...new Array(20).fill(0), 0x01, 0x13]),
  Buffer.from("OpusHead", "latin1"),
  Buffer.from([0x01, 0x01, 0x38, 0x01, 0x80, 0xbb, 0x00, 0x00, 0x00, 0x00, 0x00]),
]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42\0\0\0\0mp42isom", "latin1")]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
const WEBP = Buffer.concat([
  Buffer.from("RIFF", "latin1"),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from("WEBPVP8L", "latin1"),
  Buffer.from([0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0]),
]);

/** Default bytes and mime type per media kind. */
export function defaultMedia(kind: string): { bytes: Buffer; mimeType: string; filename?: string } {
  switch (kind) {
    case "audio":
      return { bytes: OGG_OPUS, mimeType: "audio/ogg; codecs=opus" };
    case "video":
    case "ig_reel":
    case "reel":
      return { bytes: MP4, mimeType: "video/mp4" };
    case "document":
    case "file":
      return { bytes: PDF, mimeType: "application/pdf", filename: "document.pdf" };
    case "sticker":
      return { bytes: WEBP, mimeType: "image/webp" };
    default:
      return { bytes: TINY_PNG, mimeType: "image/png" };
  }
}

export interface StoredMedia {
  id: string;
  /** The account the media belongs to: only its token may read it through the Graph API. */
  accountId: string;
  bytes: Buffer;
  mimeType: string;
  filename?: string;
  sha256: string;
  createdAt: number;
}

/** Holds media bytes: uploads from our server and inbound media the builders create. */
export class MediaStore {
  private readonly items = new Map<string, StoredMedia>();
  /** Signs the short-lived download URLs, like Meta's lookaside `hash`. */
  private readonly urlKey = randomBytes(16);

  constructor(private readonly urlTtlMs: number) {}

  put(accountId: string, kind: string, input: MediaInput = {}): StoredMedia {
    const fallback = defaultMedia(kind);
    const bytes = input.bytes ? Buffer.from(input.bytes) : fallback.bytes;
    const filename = input.filename ?? fallback.filename;
    const media: StoredMedia = {
      id: numericId(16),
      accountId,
      bytes,
      mimeType: input.mimeType ?? fallback.mimeType,
      ...(filename ? { filename } : {}),
      sha256: createHash("sha256").update(bytes).digest("hex"),
      createdAt: Date.now(),
    };
    this.items.set(media.id, media);
    return media;
  }

  get(id: string): StoredMedia | undefined {
    return this.items.get(id);
  }

  /** Cloud API download URL (needs the bearer token), valid for `urlTtlMs`. */
  signedUrl(baseUrl: string, media: StoredMedia, now = Date.now()): string {
    const expires = String(Math.floor((now + this.urlTtlMs) / 1000));
    const hash = this.sign(media.id, expires);
    return `${baseUrl}/whatsapp_business/attachments/?mid=${media.id}&ext=${expires}&hash=${hash}`;
  }

  /** Checks a Cloud API download URL's query; answers the media or why it is refused. */
  checkSignedUrl(query: URLSearchParams, now = Date.now()): StoredMedia | "expired" | "invalid" {
    const id = query.get("mid") ?? "";
    const expires = query.get("ext") ?? "";
    const media = this.items.get(id);
    if (!media || query.get("hash") !== this.sign(id, expires)) return "invalid";
    if (Number(expires) * 1000 < now) return "expired";
    return media;
  }

  /** Messenger / Instagram attachment URL (a public CDN-like URL, no token). */
  publicUrl(baseUrl: string, media: StoredMedia): string {
    const name = encodeURIComponent(media.filename ?? `${media.id}.${extensionOf(media.mimeType)}`);
    return `${baseUrl}/_media/${media.id}/${name}`;
  }

  clear(): void {
    this.items.clear();
  }

  private sign(id: string, expires: string): string {
    return createHmac("sha256", this.urlKey).update(`${id}:${expires}`).digest("base64url").slice(0, 22);
  }
}

export function extensionOf(mimeType: string): string {
  const sub = mimeType.split(";")[0]?.split("/")[1] ?? "bin";
  return sub === "jpeg" ? "jpg" : sub === "ogg" ? "ogg" : sub.replace(/[^a-z0-9]/gi, "") || "bin";
}
