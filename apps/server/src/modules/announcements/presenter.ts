import type { AnnouncementDto } from "@inbox/shared";
import { fileUrl } from "../../storage/file-url.js";
import type { AnnouncementRow } from "./repo.js";

/** The only way an announcement leaves the server. */
export function presentAnnouncement(row: AnnouncementRow): AnnouncementDto {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    mediaPath: fileUrl(row.mediaPath),
    mediaName: row.mediaName,
    priority: row.priority,
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
  };
}
