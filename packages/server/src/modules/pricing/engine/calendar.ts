import { previousDay, weekdayOf, type LocalTime, type Weekday } from '../../../time/calendar';

// The engine reads wall clocks through the server's one calendar.
export { instantOf, localTime, previousDay, weekdayOf, type LocalTime } from '../../../time/calendar';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export type WindowCheck = { ok: true } | { ok: false; reason: 'notStarted' | 'ended' | 'wrongDay' | 'wrongTime' };

/**
 * A date range (inclusive, on the moment's own date), then hours and weekdays. Hours run from
 * `timeFrom` (included) to `timeTo` (excluded); when `timeTo` is earlier the window crosses
 * midnight and belongs to the day it opens on: a Friday 22:00–02:00 window is open at 01:00 on
 * Saturday, and closed at 01:00 on Friday unless Thursday is one of its days.
 */
export function checkWindow(
  now: LocalTime,
  w: {
    validFrom: string | null;
    validTo: string | null;
    daysOfWeek?: readonly Weekday[];
    timeFrom?: string | null;
    timeTo?: string | null;
  },
): WindowCheck {
  if (w.validFrom && now.date < w.validFrom) return { ok: false, reason: 'notStarted' };
  if (w.validTo && now.date > w.validTo) return { ok: false, reason: 'ended' };
  const days = w.daysOfWeek ?? [];
  const from = w.timeFrom ? minutesOf(w.timeFrom) : 0;
  const to = w.timeTo ? minutesOf(w.timeTo) : 24 * 60;
  let openedOn = now.weekday;
  if (from < to || from === to) {
    if (from !== to && (now.minutes < from || now.minutes >= to)) return { ok: false, reason: 'wrongTime' };
  } else if (now.minutes < to) {
    openedOn = weekdayOf(previousDay(now.date));
  } else if (now.minutes < from) {
    return { ok: false, reason: 'wrongTime' };
  }
  if (days.length > 0 && !days.includes(openedOn)) return { ok: false, reason: 'wrongDay' };
  return { ok: true };
}
