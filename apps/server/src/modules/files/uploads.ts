import { FILE_LIST_MAX_OPTIONS, LIMITS } from "@inbox/shared";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.js";
import type { Storage, StoredFile } from "../../storage/storage.js";

/** One uploaded file and the option it is for, as the form named it. */
export interface OptionUpload {
  file: StoredFile;
  /** The option's id (`id` field), or undefined when the form gave only its name. */
  optionId: number | undefined;
  optionName: string | undefined;
}

/**
 * Reads POST /files/uploadList/{id} (spec 3 section 7): multipart with `fileId` and `typeArch`
 * (read and dropped), then per file the parts `files`, `mediaType`, `name` and `id`, the i-th file
 * going with the i-th `id` (or, without ids, the i-th `name`). Each file is stored as it arrives,
 * typed from its bytes (storage); `mediaType` is the sender's claim and only a hint. On any failure
 * the files stored so far are removed again.
 */
export async function readOptionUploads(
  req: FastifyRequest,
  storage: Storage,
  companyId: number,
): Promise<OptionUpload[]> {
  if (!req.isMultipart())
    throw new AppError("ERR_VALIDATION", { field: "files", message: "Send multipart/form-data" });
  const files: StoredFile[] = [];
  const ids: string[] = [];
  const names: string[] = [];
  const declared: string[] = [];
  try {
    const parts = req.parts({
      limits: { fileSize: LIMITS.messageMediaMaxBytes, files: FILE_LIST_MAX_OPTIONS, fields: 400 },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError("ERR_FILE_TOO_LARGE", { field: "files" });
        if (!["files", "file", "medias"].includes(part.fieldname)) continue;
        files.push(
          await storage.save(companyId, "fileList", {
            bytes,
            name: part.filename || "file",
            declaredType: declared[files.length] ?? part.mimetype,
            use: "media",
          }),
        );
      } else if (part.fieldname === "id") ids.push(String(part.value));
      else if (part.fieldname === "name") names.push(String(part.value));
      else if (part.fieldname === "mediaType") declared.push(String(part.value));
    }
    if (files.length === 0) throw new AppError("ERR_VALIDATION", { field: "files", message: "Obrigatório" });
    return files.map((file, i) => {
      const raw = ids[i]?.trim();
      const optionId = raw && raw !== "undefined" && raw !== "null" ? Number(raw) : undefined;
      if (
        optionId !== undefined &&
        !(Number.isInteger(optionId) && optionId > 0 && optionId <= 2_147_483_647)
      )
        throw new AppError("ERR_VALIDATION", { field: "id", message: "Invalid option id" });
      const optionName = names[i]?.trim() || undefined;
      if (optionId === undefined && optionName === undefined)
        throw new AppError("ERR_VALIDATION", { field: "id", message: "Name the option of each file (id)" });
      return { file, optionId, optionName };
    });
  } catch (error) {
    await Promise.all(files.map((file) => storage.remove(file.path)));
    throw error;
  }
}
