import { createHmac, timingSafeEqual } from "node:crypto";

/** `X-Hub-Signature-256: sha256=<hex>` over the raw bytes, keyed by the app secret; constant-time compare. */
export function validSignature(
  rawBody: Buffer,
  header: string | undefined,
  appSecret: string | null,
): boolean {
  if (!header || !appSecret || !header.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function sameSecret(a: string, b: string | null): boolean {
  if (!b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
