/** An ISO date or date-time (YYYY-MM-DD...) as dd/MM/yyyy; empty for a missing value. */
export function formatDate(iso: string | null | undefined): string {
  const match = iso?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!match) return "";
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}
