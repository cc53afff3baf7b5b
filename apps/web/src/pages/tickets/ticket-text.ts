import { LIMITS } from "@inbox/shared";
import { stripWhatsApp } from "./bubble/whatsapp-format";

/** `text` cut at `max` characters, with an ellipsis when something was cut (spec 1 section 9). */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : text;
}

export const cutContactName = (name: string) => cutText(name, LIMITS.contactNameCut);
/**
 * The last message on one line: WhatsApp's markers dropped (a signed message starts
 * with `*Name:*`), line breaks become spaces, then the cut.
 */
export const cutLastMessage = (text: string) =>
  cutText(stripWhatsApp(text).replace(/\s*\n\s*/g, " "), LIMITS.lastMessageCut);

const pad = (value: number) => String(value).padStart(2, "0");

/** HH:mm for today, dd/MM/yyyy before (browser time zone); empty for a bad value. */
export function formatTicketTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const sameDay =
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate();
  return sameDay
    ? `${pad(date.getHours())}:${pad(date.getMinutes())}`
    : `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** HH:mm of a message. */
export function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
