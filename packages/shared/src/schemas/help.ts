import { z } from "zod";
import { pageQuery } from "./common.js";

/**
 * Help videos (spec 2 sections 2, 3, 5 and 7): platform data written by super
 * users, read by every signed-in user. `video` is a YouTube video code: the
 * web app builds the thumbnail and the no-cookie embed from it, so it must be
 * a bare code, never a URL or markup.
 */

export const HELP_TITLE_MAX = 100;
export const HELP_DESCRIPTION_MAX = 1000;

/** A YouTube video code: letters, digits, '-' and '_' (11 characters today; up to 64 accepted). */
export const HELP_VIDEO_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** The thumbnail and player addresses of a help's video (the CSP allows exactly these origins). */
export const HELP_VIDEO_ORIGINS = {
  thumbnail: "https://i.ytimg.com",
  embed: "https://www.youtube-nocookie.com",
} as const;

export const helpThumbnailUrl = (code: string) =>
  `${HELP_VIDEO_ORIGINS.thumbnail}/vi/${encodeURIComponent(code)}/hqdefault.jpg`;
export const helpEmbedUrl = (code: string) => `${HELP_VIDEO_ORIGINS.embed}/embed/${encodeURIComponent(code)}`;

/**
 * A pasted YouTube address (watch?v=, youtu.be/, /embed/, /shorts/) read as
 * its code, so the form accepts what people copy; anything else stays as typed
 * and the code rule judges it.
 */
export function videoCodeOf(input: string): string {
  const value = input.trim();
  const match =
    /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtube-nocookie\.com\/embed\/|youtu\.be\/)([A-Za-z0-9_-]{1,64})/.exec(
      value,
    );
  return match?.[1] ?? value;
}

export const HELP_MESSAGES = {
  required: "Required",
  tooLong: "Too Long!",
  videoCode: "Enter the video code (e.g. dQw4w9WgXcQ) or its YouTube address",
} as const;

const title = z
  .string({ error: HELP_MESSAGES.required })
  .trim()
  .min(1, HELP_MESSAGES.required)
  .max(HELP_TITLE_MAX, HELP_MESSAGES.tooLong);
const description = z.string().trim().max(HELP_DESCRIPTION_MAX, HELP_MESSAGES.tooLong);
const video = z
  .string({ error: HELP_MESSAGES.required })
  .transform(videoCodeOf)
  .pipe(z.string().min(1, HELP_MESSAGES.required).regex(HELP_VIDEO_CODE, HELP_MESSAGES.videoCode));

/** POST /helps: title and video required, description optional (empty). */
export const helpCreateSchema = z.object({
  title,
  description: description.optional().default(""),
  video,
});
export type HelpCreateInput = z.input<typeof helpCreateSchema>;
export type HelpCreateValues = z.output<typeof helpCreateSchema>;

/** PUT /helps/{id}: the fields given change; unknown keys (id, timestamps) are ignored. */
export const helpUpdateSchema = z.object({ title, description, video }).partial();
export type HelpUpdateValues = z.output<typeof helpUpdateSchema>;

/** GET /helps: the settings tab's table (searchParam on title and description, pages of 20). */
export const helpListQuery = pageQuery;
export const HELP_PAGE_SIZE = 20;

export const helpDto = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  video: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HelpDto = z.infer<typeof helpDto>;

export const helpPageDto = z.object({ records: z.array(helpDto), count: z.number(), hasMore: z.boolean() });
export type HelpPageDto = z.infer<typeof helpPageDto>;
