import { isCalendarMoment } from '../../time/calendar';

/**
 * When a terminal says a sale happened (`at`): a real date and time in ISO 8601 (an impossible one
 * such as 2026-02-30 is refused, never rolled over into March), not before the year 2000, and not
 * more than a day ahead of the server's clock (a day covers every time zone and a till's clock a
 * few hours off; a sale years ahead is a broken clock, and would sit at the top of every list).
 * Answers the message a user reads, or null when the moment is acceptable.
 */
export const EARLIEST_SALE_YEAR = 2000;
export const MAX_SALE_AHEAD_MS = 24 * 60 * 60 * 1000;

export function saleMomentProblem(text: string, now = Date.now()): string | null {
  const instant = Date.parse(text);
  if (!isCalendarMoment(text) || Number.isNaN(instant))
    return 'At must be a real date and time (ISO 8601, e.g. 2026-03-01T14:30:00+08:00)';
  if (Number(text.slice(0, 4)) < EARLIEST_SALE_YEAR) return `At must be in the year ${EARLIEST_SALE_YEAR} or later`;
  if (instant - now > MAX_SALE_AHEAD_MS) return 'At is more than a day in the future: check the terminal’s clock';
  return null;
}
