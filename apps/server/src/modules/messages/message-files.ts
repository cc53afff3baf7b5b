import { readFile } from "node:fs/promises";
import { basename, join, normalize } from "node:path";
import type { Channel } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import { detectFile, fileFacts, type Storage } from "../../storage/storage.js";
import { channelAudio } from "./channel-audio.js";
import { attachmentKind, mimeTypeOf } from "./media.js";
import type { NewOutbound } from "./outbound-service.js";

/** An uploaded attachment of POST /messages (multipart `medias`). */
export interface Upload {
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

/**
 * The files of outgoing messages: a file the company stored before (quick messages, forwards),
 * uploads and stored audio fitted to the channel's audio format, and the bytes of a stored file.
 */
export class MessageFiles {
  constructor(
    private readonly deps: { storage: Storage; logger: { warn(obj: object, msg: string): void } },
  ) {}

  /** A file this company stored before (quick messages, forwards): `/public/company{id}/...`. */
  async stored(companyId: number, mediaUrl: string) {
    const prefix = `/public/company${companyId}/`;
    const relative = normalize(mediaUrl).replaceAll("\\", "/");
    if (!relative.startsWith(prefix) || relative.includes(".."))
      throw new AppError("ERR_VALIDATION", { field: "mediaUrl", message: "Unknown file" });
    await this.read(relative).catch(() => {
      throw new AppError("ERR_VALIDATION", { field: "mediaUrl", message: "Unknown file" });
    });
    const mimeType = mimeTypeOf(relative);
    const kind = attachmentKind(mimeType) ?? { mediaType: "application", kind: "document" as const };
    return { ...kind, mediaUrl: relative, mimeType, filename: basename(relative) };
  }

  /** An upload in the channel's audio format (other files as they are). */
  async fitUploadAudio(channel: Channel, file: Upload): Promise<Upload> {
    const type = await detectFile({ bytes: file.bytes, name: file.filename, declaredType: file.mimeType });
    if (attachmentKind(type.mime)?.kind !== "audio") return file;
    const fitted = await channelAudio(
      channel,
      { bytes: file.bytes, mimeType: type.mime, name: file.filename },
      this.deps.logger,
    );
    return fitted.converted
      ? { bytes: fitted.bytes, mimeType: fitted.mimeType, filename: fitted.name }
      : file;
  }

  /** A stored audio (quick message, forward) in the channel's format: a converted copy is stored beside it. */
  async fitStoredAudio(
    companyId: number,
    channel: Channel | undefined,
    message: NewOutbound,
  ): Promise<NewOutbound> {
    if (!channel || message.kind !== "audio" || !message.mediaUrl || message.isPrivate) return message;
    // Only this company's files; a file that is gone fails at the send, on the message, as before.
    const own = normalize(message.mediaUrl).replaceAll("\\", "/");
    if (!own.startsWith(`/public/company${companyId}/`) || own.includes("..")) return message;
    const bytes = await this.read(own).catch(() => undefined);
    if (!bytes) return message;
    const name = message.filename ?? basename(message.mediaUrl);
    const mimeType = message.mimeType ?? mimeTypeOf(message.mediaUrl);
    const fitted = await channelAudio(channel, { bytes, mimeType, name }, this.deps.logger);
    if (!fitted.converted) return message;
    const saved = await this.deps.storage.save(companyId, "media", {
      bytes: fitted.bytes,
      name: fitted.name,
      declaredType: fitted.mimeType,
      use: "media",
    });
    return {
      ...message,
      mediaUrl: saved.path,
      mimeType: saved.mimeType,
      filename: saved.name,
      ...fileFacts(saved),
    };
  }

  /** The bytes of a stored file, by its `/public/...` path. */
  read(publicPath: string): Promise<Buffer> {
    return readFile(join(this.deps.storage.root, publicPath.slice("/public/".length)));
  }
}
