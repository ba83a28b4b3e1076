/**
 * Calendar days in India (IST, UTC+05:30, no daylight saving): the admin's "today", "this
 * month", date filters and GST report months are Indian days, whatever the server's zone.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** The instant an Indian day `YYYY-MM-DD` starts, moved by `plusDays` days. */
export function istDayStart(day: string, plusDays = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS + plusDays * DAY_MS);
}

/** The Indian day (`YYYY-MM-DD`) an instant falls on. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant an Indian month `YYYY-MM` starts, and the instant the next one starts. */
export function istMonthRange(month: string): { from: Date; to: Date } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return { from: istDayStart(`${month}-01`), to: istDayStart(`${next}-01`) };
}
