import { z } from "zod";
import { dbId, dbIdParam, looseBoolean, noneAsNull } from "./common.js";
import { tagRefDto } from "./ticket.js";

/**
 * Contacts (spec 1 sections 3, 5, 7). The server and the contact modal share
 * these schemas, so both answer the spec's messages.
 */

/** "true"/"false" in a query string (anything else is refused). */
/** true/false or 1/0 in the query string. */
const queryFlag = looseBoolean;

export const contactListQuery = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  channel: z.enum(["whatsapp", "facebook", "instagram"]).optional(),
  isGroup: queryFlag.optional(),
});
export type ContactListQuery = z.infer<typeof contactListQuery>;

/** GET /contacts/list: every contact, for pickers; companyId is accepted and ignored (the token decides). */
export const contactPickerQuery = z.object({
  searchParam: z.string().max(200).optional().default(""),
  companyId: z.string().max(20).optional(),
});

export const contactNumberParam = z.object({ number: z.string().min(1).max(100) });
export const contactIdParam = z.object({ contactId: dbIdParam });

/** Contact names: 2 to 50 in the contact form; up to 250 in the modal and from channels (spec 1 section 5). */
export const CONTACT_NAME_MAX = 250;
export const CONTACT_FORM_NAME_MAX = 50;

const contactName = (max: number) =>
  z.string({ error: "Required" }).trim().min(1, "Required").min(2, "Too Short!").max(max, "Too Long!");

/**
 * The number as typed (spaces, brackets, dots and dashes of any format): its
 * digits, 8 to 50 of them, after a leading '+' when it had one, so that
 * '+1 415 555 2671' stays international. The server then stores it as E.164
 * digits with the company's default country (toE164Digits, phone.ts).
 */
export const contactNumber = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Required")
  .transform((value) => `${value.startsWith("+") ? "+" : ""}${value.replace(/\D/g, "")}`)
  .pipe(
    z
      .string()
      .refine((value) => value.replace("+", "").length >= 8, "Too Short!")
      .refine((value) => value.replace("+", "").length <= 50, "Too Long!"),
  );

/** Empty, or a valid address. */
export const contactEmail = z
  .string()
  .trim()
  .max(254, "Too Long!")
  .refine((value) => value === "" || z.email().safeParse(value).success, "Invalid email")
  .transform((value) => value.toLowerCase());

export const extraInfoItem = z.object({
  id: dbId.optional(),
  name: z.string({ error: "Required" }).trim().min(1, "Required").max(100, "Too Long!"),
  value: z.string().trim().max(2000, "Too Long!").default(""),
});
export type ExtraInfoInput = z.infer<typeof extraInfoItem>;

/**
 * The contact's wallet user: the user of the company who owns the contact. With the company's
 * DirectTicketsToWallets enabled, the contact's new tickets open directly for that user.
 * Only admins set or change it; null (or "" / false) clears it.
 */
export const walletUserIdField = noneAsNull(dbId.nullable());

const contactFields = (nameMax: number) => ({
  name: contactName(nameMax),
  number: contactNumber,
  email: contactEmail.optional().default(""),
  disableBot: looseBoolean.optional().default(false),
  acceptAudioMessage: looseBoolean.optional(),
  walletUserId: walletUserIdField.optional(),
  extraInfo: z.array(extraInfoItem).max(100).optional().default([]),
});

/** POST /contacts {name, number, email, disableBot, extraInfo}. */
export const contactCreateSchema = z.object(contactFields(CONTACT_NAME_MAX));
export type ContactCreateInput = z.infer<typeof contactCreateSchema>;

/** PUT /contacts/{id}: any field; extraInfo, when sent, is the whole list (missing entries are removed). */
export const contactUpdateSchema = z.object({
  name: contactName(CONTACT_NAME_MAX).optional(),
  number: contactNumber.optional(),
  email: contactEmail.optional(),
  disableBot: looseBoolean.optional(),
  acceptAudioMessage: looseBoolean.optional(),
  walletUserId: walletUserIdField.optional(),
  extraInfo: z.array(extraInfoItem).max(100).optional(),
});
export type ContactUpdateInput = z.infer<typeof contactUpdateSchema>;

/** The contact form of the contacts page (spec 1 section 5: name 2 to 50). */
export const contactFormSchema = z.object({
  name: contactName(CONTACT_FORM_NAME_MAX),
  number: contactNumber,
  email: contactEmail,
  disableBot: z.boolean(),
  walletUserId: dbId.nullable(),
  extraInfo: z.array(extraInfoItem).max(100),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;

export const contactBlockSchema = z.object({ active: z.boolean({ error: "Required" }) });

export const extraInfoDto = z.object({ id: z.number(), name: z.string(), value: z.string() });

export const contactDto = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  /** Masked (`maskNumber`) for ordinary users when the company enables LGPD and hides numbers (spec 1 section 6). */
  number: z.string(),
  email: z.string(),
  channel: z.string(),
  isGroup: z.boolean(),
  disableBot: z.boolean(),
  acceptAudioMessage: z.boolean(),
  active: z.boolean(),
  lgpdAcceptedAt: z.string().nullable(),
  profilePicUrl: z.string().nullable(),
  /** The original's field name for the picture. */
  urlPicture: z.string().nullable(),
  whatsappId: z.number().nullable(),
  /** The user who owns the contact (DirectTicketsToWallets), or null. */
  walletUserId: z.number().nullable(),
  extraInfo: z.array(extraInfoDto),
  tags: z.array(tagRefDto),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactDto = z.infer<typeof contactDto>;

export const contactListDto = z.object({
  contacts: z.array(contactDto),
  /** Counting stops at 10,000: a larger address book answers 10,000 and pages on with `hasMore`. */
  count: z
    .number()
    .describe("Matching contacts, counted up to 10,000; `hasMore` tells whether another page follows."),
  hasMore: z.boolean(),
});
export type ContactList = z.infer<typeof contactListDto>;

/** Payload of `company-{id}-contact`. */
export type ContactEventPayload =
  | { action: "create" | "update"; contact: ContactDto }
  | { action: "delete"; contactId: number };

/**
 * How an ordinary user sees a number when the company enables LGPD and its
 * hide-number setting (the original's mask: all but the last 6 digits, then
 * '**-**' and the last 2).
 */
export function maskNumber(number: string): string {
  if (number.length <= 6) return "*".repeat(number.length);
  return `${number.slice(0, -6)}**-**${number.slice(-2)}`;
}

/** A number as `maskNumber` leaves it: the web offers no action that needs the real one (talk-to, search). */
export function isMaskedNumber(number: string): boolean {
  return number.includes("*");
}
