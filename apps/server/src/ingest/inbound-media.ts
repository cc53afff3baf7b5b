import type { ChannelRegistry } from "../channels/registry.js";
import type { InboundMessage, MediaRef } from "../channels/types.js";
import { fileFacts, type Storage } from "../storage/storage.js";
import { type IngestConnection as Connection, credentials } from "./connection.js";

/**
 * An inbound message's file: the bytes the webhook carried, or downloaded
 * through the channel's adapter (its SSRF rules), saved in the company's
 * storage. A failed download leaves the message without its file, flagged
 * with where it came from, so it can be retried.
 */
export class InboundMedia {
  constructor(
    private readonly deps: {
      channels: ChannelRegistry;
      storage: Storage;
      logger: { warn(obj: object, msg: string): void };
    },
  ) {}

  async store(
    connection: Connection,
    message: Pick<InboundMessage, "providerMessageId" | "media">,
  ): Promise<StoredMedia> {
    const media = message.media;
    if (!media) return { url: null };
    try {
      let file: { bytes: Buffer; mimeType: string; filename?: string };
      if (media.bytes) {
        file = {
          bytes: media.bytes,
          mimeType: media.mimeType ?? "application/octet-stream",
          filename: media.filename,
        };
      } else {
        const adapter = this.deps.channels.get(connection.channel);
        if (!adapter) return { url: null, error: "ERR_WAPP_DOWNLOAD_MEDIA", source: sourceOf(media) };
        file = await adapter.downloadMedia(credentials(connection), media);
      }
      const name = file.filename ?? `${message.providerMessageId.slice(-24)}${extensionOf(file.mimeType)}`;
      const saved = await this.deps.storage.save(connection.companyId, "media", {
        bytes: file.bytes,
        name,
        declaredType: file.mimeType,
        use: "media",
      });
      return {
        url: saved.path,
        facts: fileFacts(saved),
      };
    } catch (error) {
      // The message is kept without its file rather than lost; the attendant sees the failure.
      this.deps.logger.warn(
        { err: error, providerMessageId: message.providerMessageId },
        "inbound media download failed",
      );
      return {
        url: null,
        error: "ERR_WAPP_DOWNLOAD_MEDIA",
        ...(media.bytes ? {} : { source: sourceOf(media) }),
      };
    }
  }
}

/** Where a failed download came from, kept in `extra.mediaSource` (never sent to clients) for a retry. */
export type MediaSource = Pick<MediaRef, "url" | "providerMediaId" | "mimeType" | "filename">;
export type StoredMedia = { url: string | null; error?: string; source?: MediaSource; facts?: MediaFacts };

/** What the stored file says of itself, kept in `extra` for display (the document card, the audio's length). */
export type MediaFacts = { fileSize: number; durationSeconds?: number };

/** A media retry that cannot be done (400) or failed again (502). */
export class MediaRetryError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 502 = 400,
  ) {
    super(message);
  }
}

function sourceOf(media: MediaRef): MediaSource {
  const { url, providerMediaId, mimeType, filename } = media;
  return Object.fromEntries(
    Object.entries({ url, providerMediaId, mimeType, filename }).filter(([, v]) => typeof v === "string"),
  );
}

/**
 * What `extra` gets from the stored file: its size and length when stored; a
 * failed download leaves the message flagged (the attendant sees "media unavailable") with its source.
 */
export function mediaExtra(file: StoredMedia): Record<string, unknown> {
  if (!file.error) return { ...file.facts };
  return { mediaError: file.error, ...(file.source ? { mediaSource: file.source } : {}) };
}

function extensionOf(mimeType: string): string {
  const known: Record<string, string> = {
    "image/jpeg": ".jpg",
    "image/png": ".png",
    "image/webp": ".webp",
    "audio/ogg": ".ogg",
    "audio/mpeg": ".mp3",
    "audio/mp4": ".m4a",
    "video/mp4": ".mp4",
    "application/pdf": ".pdf",
  };
  return known[mimeType.split(";")[0]?.trim() ?? ""] ?? "";
}
