import {
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isLidUser,
  isPnUser,
  jidDecode,
  jidNormalizedUser,
  type WAMessageKey,
} from "baileys";
import type { ContactRef } from "../types.js";

/**
 * WhatsApp addresses ("jids") and how they map to our ids.
 *
 * A person has a phone jid (`5511999999999@s.whatsapp.net`) and, since the
 * privacy migration, a lid (`123456789@lid`). Baileys 7 puts whichever one the
 * server used in `remoteJid`/`participant` and the other, when known, in
 * `remoteJidAlt`/`participantAlt`. Contacts are keyed by phone digits, so we
 * always look for the phone form and keep the lid beside it.
 */

const digitsOnly = (value: string) => value.replace(/\D/g, "");

/** Digits of a user jid, without device suffix (`5511...:12@s.whatsapp.net` -> `5511...`). */
export function jidDigits(jid: string): string {
  return digitsOnly(jidDecode(jid)?.user ?? jid.split("@")[0] ?? "");
}

/** Jids we never turn into conversations: status stories, broadcast lists, channels. */
export function isIgnoredChat(jid: string | null | undefined): boolean {
  return !jid || isJidBroadcast(jid) === true || isJidNewsletter(jid) === true;
}

export const isGroupJid = (jid: string | null | undefined): boolean => isJidGroup(jid ?? undefined) === true;

/**
 * A person from a jid and its alternative. The id is the phone digits; when
 * only the lid is known (WhatsApp hides the number), the id is the full lid
 * jid, so it can never be mistaken for a phone number and can still be sent to.
 */
export function contactFromJids(jid: string, alt?: string | null, name?: string | null): ContactRef {
  const candidates = [jid, alt ?? undefined].filter((j): j is string => Boolean(j));
  const phone = candidates.find((j) => isPnUser(j) === true);
  const lid = candidates.find((j) => isLidUser(j) === true);
  const contact: ContactRef = {
    id: phone ? jidDigits(phone) : lid ? jidNormalizedUser(lid) : jidDigits(jid),
  };
  if (lid) contact.lid = jidNormalizedUser(lid);
  if (name) contact.name = name;
  return contact;
}

/** Who sent the message with this key (the participant in a group, the chat otherwise). */
export function senderOf(key: WAMessageKey, me?: { id: string; lid?: string }, pushName?: string | null) {
  const name = key.fromMe ? undefined : pushName;
  if (isGroupJid(key.remoteJid)) {
    if (key.participant) return contactFromJids(key.participant, key.participantAlt, name);
    if (key.fromMe && me) return contactFromJids(me.id, me.lid);
  }
  return contactFromJids(key.remoteJid ?? "", key.remoteJidAlt, name);
}

/**
 * The jid to send to from our `to`: group and lid jids pass through, anything
 * else is a phone number and becomes `${digits}@s.whatsapp.net`.
 */
export function toJid(to: string): string {
  if (to.includes("@")) return jidNormalizedUser(to) || to;
  return `${digitsOnly(to)}@s.whatsapp.net`;
}
