import { stat } from "node:fs/promises";
import { join } from "node:path";
import { FLOW_UPLOAD_LIMITS_MB, type FlowUploadKind } from "@inbox/shared";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.js";
import { detectFile, type Storage } from "../../storage/storage.js";

/**
 * The flow editor's uploads (spec 3 section 7: POST /flowbuilder/img, /audio, /content) and the
 * way back from a stored name to the file. Files live in the company's `flow` folder; a node keeps
 * only the stored name (`1700000000000-<24 hex>.png`), never a path or URL, so a graph can name
 * no other company's file: the runtime resolves names with the company it runs for.
 */

export const FLOW_MEDIA_FOLDER = "flow";
const MB = 1024 * 1024;

/** Which uploads each route takes (spec 3 section 5: video goes through /audio; content takes all). */
export const FLOW_UPLOAD_ROUTES = {
  img: ["image"],
  audio: ["audio", "video"],
  content: ["image", "audio", "video", "pdf"],
} as const satisfies Record<string, readonly FlowUploadKind[]>;
export type FlowUploadRoute = keyof typeof FLOW_UPLOAD_ROUTES;

/** The detected extension (file-type's names) each kind accepts: png/jpg images, ogg/mp3/opus audio, mp4 video, pdf. */
const KIND_OF_EXTENSION: Record<string, FlowUploadKind> = {
  png: "image",
  jpg: "image",
  ogg: "audio",
  oga: "audio",
  opus: "audio",
  mp3: "audio",
  mp4: "video",
  pdf: "pdf",
};

/** The types a stored name may end in, for the runtime's sends. */
const MIME_OF_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
  pdf: "application/pdf",
};

/** What one stored upload is. */
export interface FlowUpload {
  /** The stored name: what the route answers and nodes keep. */
  name: string;
  kind: FlowUploadKind;
  /** The sender's file name (display only). */
  original: string;
}

function tooLarge(mb: number): AppError {
  return new AppError("ERR_FLOW_FILE_TOO_LARGE", {
    field: "medias",
    message: `Arquivo é muito grande! ${mb}MB máximo`,
    details: { limit: mb },
  });
}

/**
 * Reads a flow upload form: files in `medias` (also `file`, `media`), text parts (`body`, `fromMe`)
 * read and dropped. Each file is typed from its bytes, must be a kind the route takes and within
 * that kind's limit; any failure removes the files stored so far. At least one file is required;
 * `max` bounds how many.
 */
export async function readFlowUploads(
  req: FastifyRequest,
  storage: Storage,
  companyId: number,
  route: FlowUploadRoute,
  max: number,
): Promise<FlowUpload[]> {
  if (!req.isMultipart())
    throw new AppError("ERR_VALIDATION", { field: "medias", message: "Send multipart/form-data" });
  const kinds: readonly FlowUploadKind[] = FLOW_UPLOAD_ROUTES[route];
  const largest = Math.max(...kinds.map((kind) => FLOW_UPLOAD_LIMITS_MB[kind]));
  const stored: { path: string; upload: FlowUpload }[] = [];
  try {
    for await (const part of req.parts({ limits: { fileSize: largest * MB, files: max, fields: 20 } })) {
      if (part.type !== "file") continue;
      // Past the route's largest limit the parser stops reading (throwing, or marking it truncated).
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        throw error.code === "FST_REQ_FILE_TOO_LARGE" ? tooLarge(largest) : error;
      });
      if (part.file.truncated) throw tooLarge(largest);
      if (!["medias", "file", "media"].includes(part.fieldname)) continue;
      const type = await detectFile({ bytes, name: part.filename, declaredType: part.mimetype });
      const kind = KIND_OF_EXTENSION[type.ext];
      if (!kind || !kinds.includes(kind))
        throw new AppError("ERR_FILE_TYPE_NOT_ALLOWED", { field: "medias", message: allowedMessage(route) });
      if (bytes.length > FLOW_UPLOAD_LIMITS_MB[kind] * MB) throw tooLarge(FLOW_UPLOAD_LIMITS_MB[kind]);
      const file = await storage.save(companyId, FLOW_MEDIA_FOLDER, {
        bytes,
        name: part.filename || "file",
        declaredType: part.mimetype,
        use: "media",
      });
      const name = file.path.split("/").pop() as string;
      stored.push({ path: file.path, upload: { name, kind, original: file.name } });
    }
    if (stored.length === 0)
      throw new AppError("ERR_VALIDATION", { field: "medias", message: "Obrigatório" });
    return stored.map((s) => s.upload);
  } catch (error) {
    await Promise.all(stored.map((s) => storage.remove(s.path)));
    throw error;
  }
}

function allowedMessage(route: FlowUploadRoute): string {
  if (route === "img") return "Only PNG or JPEG images are accepted";
  if (route === "audio") return "Only OGG, MP3 or Opus audio, or MP4 video, is accepted";
  return "Only PNG or JPEG images, OGG, MP3 or Opus audio, MP4 video or PDF are accepted";
}

/** A stored flow upload, ready to send. */
export interface FlowMediaFile {
  /** Where the bytes are on this machine. */
  absolutePath: string;
  /** The address the app serves it at (`/public/company{id}/flow/{name}`; fileUrl() makes it absolute). */
  publicPath: string;
  mimeType: string;
  kind: FlowUploadKind;
  size: number;
}

/** A stored name as the upload routes make it: no directories, our own extension. */
const STORED_NAME = /^[A-Za-z0-9_-]{1,120}\.(png|jpg|ogg|oga|opus|mp3|mp4|pdf)$/;

/**
 * The file a flow node's stored name stands for, in the company's own folder; undefined when the
 * name is not one the upload routes make, or the file is gone. For the flow runtime's sends.
 */
export async function flowMediaFile(
  storageRoot: string,
  companyId: number,
  name: string,
): Promise<FlowMediaFile | undefined> {
  const match = STORED_NAME.exec(name);
  if (!match) return undefined;
  const ext = match[1] as string;
  const absolutePath = join(storageRoot, `company${companyId}`, FLOW_MEDIA_FOLDER, name);
  const info = await stat(absolutePath).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  return {
    absolutePath,
    publicPath: `/public/company${companyId}/${FLOW_MEDIA_FOLDER}/${name}`,
    mimeType: MIME_OF_EXTENSION[ext] as string,
    kind: KIND_OF_EXTENSION[ext] as FlowUploadKind,
    size: info.size,
  };
}
