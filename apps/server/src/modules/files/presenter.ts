import type { FileListDto } from "@inbox/shared";
import { fileUrl } from "../../storage/file-url.js";
import type { FileListWithOptions } from "./repo.js";

/** The only way a file list leaves the server. */
export function presentFileList(row: FileListWithOptions): FileListDto {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    userId: row.userId,
    companyId: row.companyId,
    options: row.options.map((option) => ({
      id: option.id,
      fileListId: option.fileListId,
      name: option.name,
      path: fileUrl(option.path),
      mediaType: option.mediaType,
      mediaName: option.mediaName,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
