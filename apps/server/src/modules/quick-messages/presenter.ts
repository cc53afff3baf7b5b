import type { QuickMessageDto } from "@inbox/shared";
import { fileUrl } from "../../storage/file-url.js";
import type { QuickMessageRow } from "./repo.js";

/** The only way a quick message leaves the server. */
export function presentQuickMessage(row: QuickMessageRow): QuickMessageDto {
  return {
    id: row.id,
    shortcode: row.shortcode,
    message: row.message,
    mediaPath: fileUrl(row.mediaPath),
    mediaName: row.mediaName,
    geral: row.geral,
    userId: row.userId,
  };
}
