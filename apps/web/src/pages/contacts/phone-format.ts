/**
 * The Brazilian phone mask (spec 1 section 5): 55 + area code + 8 or 9
 * digits shows as +55 (11) 98765-4321. Other numbers, and numbers masked for
 * LGPD, show as stored.
 */
export function formatPhone(number: string): string {
  if (!/^\d+$/.test(number)) return number;
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(number);
  if (!br) return number;
  const [, area, first, last] = br;
  return `+55 (${area}) ${first}-${last}`;
}
