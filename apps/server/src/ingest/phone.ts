import { brazilNinthDigit } from "@inbox/shared";

/**
 * One person, one contact: WhatsApp ids are digits, and Brazilian mobiles
 * may arrive with or without the ninth digit (older accounts' wa_id omits
 * it). Numbers are kept in the 13-digit form: 55 + area code + 9 + 8 digits.
 * Channels' ids are already international: they are not re-read in the
 * company's country (numbers people type go through toE164Digits;
 * docs/PHONE-NUMBERS.md).
 */
export function normalizePhone(raw: string): string {
  return brazilNinthDigit(raw.replace(/@.*$/, "").replace(/\D/g, ""));
}

/** Contacts of both WhatsApp channels are the same people. */
export function contactChannel(channel: string): string {
  return channel === "whatsappapi" ? "whatsapp" : channel;
}
