import type { Weekday } from './types';

const WEEKDAYS: Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      f = formatter('UTC');
    }
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalTime {
  date: string;
  /** HH:mm */
  time: string;
  minutes: number;
  weekday: Weekday;
}

/** The wall-clock date, time and weekday of an instant in a time zone (an unknown zone reads as UTC). */
export function localTime(at: string, timeZone: string): LocalTime {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}`;
  return { date, time, minutes: Number(parts.hour) * 60 + Number(parts.minute), weekday: weekdayOf(date) };
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

export function previousDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

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
  w: { validFrom: string | null; validTo: string | null; daysOfWeek?: readonly Weekday[]; timeFrom?: string | null; timeTo?: string | null },
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

/** The instant a wall-clock time (`yyyy-mm-ddTHH:mm[:ss]`, no offset) is in a time zone. */
export function instantOf(wall: string, timeZone: string): string {
  const asUtc = Date.parse(`${wall.length === 16 ? `${wall}:00` : wall.slice(0, 19)}Z`);
  const offsetAt = (instant: number) => {
    const local = localTime(new Date(instant).toISOString(), timeZone);
    return Date.parse(`${local.date}T${local.time}:00Z`) - Math.floor(instant / 60_000) * 60_000;
  };
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return new Date(instant).toISOString();
}
