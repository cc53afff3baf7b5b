/**
 * One person, one contact: WhatsApp ids are digits, and Brazilian mobiles
 * may arrive with or without the ninth digit (older accounts' wa_id omits
 * it). Numbers are kept in the 13-digit form: 55 + area code + 9 + 8 digits.
 */
export function normalizePhone(raw: string): string {
  const digits = raw.replace(/@.*$/, "").replace(/\D/g, "");
  if (digits.startsWith("55") && digits.length === 12) {
    const subscriber = digits.slice(4);
    // Mobiles start with 6 to 9; landlines (2 to 5) never got the ninth digit.
    if (/^[6-9]/.test(subscriber)) return `${digits.slice(0, 4)}9${subscriber}`;
  }
  return digits;
}

/** Contacts of both WhatsApp channels are the same people. */
export function contactChannel(channel: string): string {
  return channel === "whatsappapi" ? "whatsapp" : channel;
}
