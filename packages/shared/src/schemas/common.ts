import { z } from "zod";

/** A required string: "Required" when absent or empty (the spec's wording). */
export function requiredString(message = "Required") {
  return z.string({ error: message }).trim().min(1, message);
}

export const idParam = z.object({ id: z.coerce.number().int().positive() });

export const pageQuery = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

/** HH:MM, 00:00 to 23:59. */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Invalid time");

export const emailField = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Required")
  .max(254, "Too Long!")
  .pipe(z.email("Invalid email"))
  .transform((v) => v.toLowerCase());
