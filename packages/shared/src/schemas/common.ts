import { z } from "zod";

/** A required string: "Required" when absent or empty (the spec's wording). */
export function requiredString(message = "Required") {
  return z.string({ error: message }).trim().min(1, message);
}

/** Largest value of a PostgreSQL `integer` (ids are serial). */
export const MAX_DB_INT = 2_147_483_647;

/** A record id, as a JSON number. */
export const dbId = z.number().int().positive().max(MAX_DB_INT);

/** A record id from a path or query string. */
export const dbIdParam = z.coerce.number().int().positive().max(MAX_DB_INT);

export const idParam = z.object({ id: dbIdParam });

/**
 * A boolean as clients written against the specs send it: `true`/`false`, `1`/`0`, or their text
 * forms (query strings, multipart fields). Anything else is refused as a boolean would be.
 */
export const looseBoolean = z.union([
  z.boolean(),
  z.literal(1).transform(() => true),
  z.literal(0).transform(() => false),
  z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1"),
]);

/**
 * An optional id that such clients send as `false` (or `""`) when there is none, e.g. a user's
 * default connection (`whatsappId: false`): read as `null`; anything else is checked by `schema`.
 */
export function noneAsNull<T extends z.ZodType>(schema: T) {
  return z.union([z.literal(false).transform(() => null), z.literal("").transform(() => null), schema]);
}

export const pageQuery = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
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

/**
 * Fields of the spec that name features this product does not have yet (AI prompts,
 * integrations, flows): `null` (or none) is accepted and stored; an id is refused with
 * ERR_VALIDATION on that field, never silently dropped.
 */
export const notBuiltYet = (feature: string) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      if (value !== null && value !== undefined && value !== false && value !== "")
        ctx.addIssue({
          code: "custom",
          message: `${feature} are not available in this product yet: only null is accepted`,
        });
    })
    .transform(() => null)
    .optional();
