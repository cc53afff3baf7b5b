import { randomBytes, randomInt } from "node:crypto";

/**
 * Ids shaped like Meta's. A real wamid is base64 of a small protobuf holding
 * the contact's number and a random hex id; the sim builds the same layout.
 */
export function wamid(waId = "0"): string {
  const hex = Buffer.from(randomBytes(10).toString("hex").toUpperCase(), "latin1");
  const number = Buffer.from(waId, "latin1");
  const bytes = Buffer.concat([
    Buffer.from([0x1c, 0x18, number.length]),
    number,
    Buffer.from([0x15, 0x02, 0x00, 0x12, 0x18, hex.length]),
    hex,
    Buffer.from([0x00]),
  ]);
  return `wamid.${bytes.toString("base64")}`;
}

/** Messenger / Instagram message id. */
export function mid(): string {
  return `m_${randomBytes(60).toString("base64url")}`;
}

/** Numeric id such as Meta's media ids and PSIDs (15-17 digits, no leading zero). */
export function numericId(digits = 16): string {
  let out = String(randomInt(1, 10));
  while (out.length < digits) out += String(randomInt(0, 1_000_000)).padStart(6, "0");
  return out.slice(0, digits);
}

/** Graph's `fbtrace_id`. */
export function fbtraceId(): string {
  return randomBytes(8).toString("base64url").slice(0, 11);
}

let sequence = 0;
/** Short unique id for sim-local records (deliveries, conversation lines). */
export function localId(prefix: string): string {
  sequence += 1;
  return `${prefix}_${Date.now().toString(36)}${sequence.toString(36)}`;
}

/** Cloud API timestamps: Unix seconds as a string. */
export function unixSeconds(at: Date | number = Date.now()): string {
  const ms = typeof at === "number" ? at : at.getTime();
  return String(Math.floor(ms / 1000));
}

/** Digits only: how Cloud API echoes `to` back as `wa_id`. */
export function digits(value: string): string {
  return value.replace(/\D/g, "");
}
