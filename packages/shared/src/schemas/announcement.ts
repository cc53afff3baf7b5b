import { z } from "zod";
import { looseBoolean } from "./common.js";
import type { AnnouncementDto } from "./top-bar.js";

/**
 * Announcements administration (spec 3 sections 2 to 7, super users only):
 * title and text required, priority 1 high, 2 medium, 3 low (default 3),
 * status active by default; the attachment (png, jpg, jpeg) through
 * media-upload.
 */

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_TEXT_MAX = 5000;
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;

/** Spec 3 section 5: an attachment must be .png, .jpg or .jpeg (checked on the bytes by the server). */
export const ANNOUNCEMENT_MEDIA_MESSAGE = "Apenas arquivos .png, .jpg ou .jpeg";

const required = "Obrigatório";
const title = z.string({ error: required }).trim().min(1, required).max(ANNOUNCEMENT_TITLE_MAX, "Too Long!");
const text = z.string({ error: required }).trim().min(1, required).max(ANNOUNCEMENT_TEXT_MAX, "Too Long!");
const priority = z.coerce
  .number()
  .int()
  .refine((value) => (ANNOUNCEMENT_PRIORITIES as readonly number[]).includes(value), "Priority is 1, 2 or 3");

/** POST /announcements. mediaPath, mediaName and companyId are dropped (the file comes through media-upload). */
export const announcementCreateSchema = z.object({
  title,
  text,
  priority: priority.optional().default(3),
  status: looseBoolean.optional().default(true),
});
export type AnnouncementCreateInput = z.infer<typeof announcementCreateSchema>;

/** PUT /announcements/{id}: the fields given replace the stored ones. */
export const announcementUpdateSchema = z.object({
  title: title.optional(),
  text: text.optional(),
  priority: priority.optional(),
  status: looseBoolean.optional(),
});
export type AnnouncementUpdateInput = z.infer<typeof announcementUpdateSchema>;

/** Payload of `company-announcement` (spec 3 "Live events"): sent to every company that reads the announcement. */
export type AnnouncementEventPayload =
  | { action: "create" | "update"; record: AnnouncementDto }
  | { action: "delete"; id: number };

/** A file name the announcement dialog accepts before sending it (the server checks the bytes). */
export function isAnnouncementMediaName(name: string): boolean {
  return /\.(png|jpe?g)$/i.test(name);
}
