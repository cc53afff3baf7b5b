/** A local calendar day as a key ('2026-11-27'); empty for a bad value. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/**
 * The chip between messages of different days: 'Hoje', 'Ontem', else the date
 * in the user's language (dd/MM/yyyy in Portuguese), in the browser's time zone.
 */
export function dayLabel(
  iso: string,
  locale: string,
  texts: { today: string; yesterday: string },
  now: Date = new Date(),
): string {
  const date = new Date(iso);
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return texts.today;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12);
  if (key === dayKey(yesterday.toISOString())) return texts.yesterday;
  return new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric" }).format(date);
}
