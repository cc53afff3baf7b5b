/** HH:MM as it is typed (spec 2: time masks): digits only, at most four, the colon put in after the hours. */
export function maskTime(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}
