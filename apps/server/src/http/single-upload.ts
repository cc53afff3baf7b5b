import { LIMITS } from "@inbox/shared";
import type { FastifyRequest } from "fastify";
import { AppError } from "./app-error.js";

export interface SingleUpload {
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

/**
 * The one file of a `media-upload` form (spec 3 section 7: field `file`, or
 * `media`); text parts such as `typeArch` are read and dropped. Larger than a
 * message attachment may be: ERR_FILE_TOO_LARGE. No file: undefined.
 */
export async function readSingleUpload(req: FastifyRequest): Promise<SingleUpload | undefined> {
  if (!req.isMultipart())
    throw new AppError("ERR_VALIDATION", { field: "file", message: "Send multipart/form-data" });
  let file: SingleUpload | undefined;
  for await (const part of req.parts({ limits: { fileSize: LIMITS.messageMediaMaxBytes, files: 1 } })) {
    if (part.type !== "file") continue;
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new AppError("ERR_FILE_TOO_LARGE", { field: "file" });
    if (part.fieldname === "file" || part.fieldname === "media")
      file = { filename: part.filename || "file", mimeType: part.mimetype, bytes };
  }
  return file;
}
