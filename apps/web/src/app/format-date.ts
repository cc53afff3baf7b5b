/** An ISO date or date-time (YYYY-MM-DD...) as dd/MM/yyyy; empty for a missing value. */
export function formatDate(iso: string | null | undefined): string {
  const match = iso?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!match) return "";
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** An instant as dd/MM/yy HH:mm in the browser's time zone; empty for a missing or bad value. */
export function formatDateTimeShort(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const day = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear() % 100)}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
