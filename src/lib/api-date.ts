const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** ISO 8601 only: `Date` reads "12" or 30 February as some other day. */
export function parseApiDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const parts = ISO_DATE_TIME.exec(value.trim());
  if (!parts) return null;
  const [year = 0, month = 0, day = 0, hours = 0, minutes = 0, seconds = 0] = parts
    .slice(1)
    .map((part) => Number(part ?? 0));
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}
