/**
 * The one calendar of the server: wall-clock dates and times of instants in IANA time zones, and
 * back. An unknown or empty zone counts as UTC everywhere (a typo in a company's or an outlet's
 * zone must not stop a sale or a job).
 */

import { instantOf, offsetMs, wallClockOf } from '@backroom/schema';

export { instantOf, offsetMs };

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

const WEEKDAYS: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

export interface LocalTime {
  /** yyyy-mm-dd */
  date: string;
  /** HH:mm */
  time: string;
  /** Minutes since the local midnight. */
  minutes: number;
  weekday: Weekday;
}

/** The wall-clock date, time and weekday of an instant in a time zone. */
export function localTime(at: string | Date, timeZone: string | null | undefined): LocalTime {
  const instant = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const wall = wallClockOf(instant, timeZone);
  const date = wall.slice(0, 10);
  const time = wall.slice(11, 16);
  return { date, time, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)), weekday: weekdayOf(date) };
}

/** The calendar date at `at` in a time zone. */
export const dateIn = (timeZone: string | null | undefined, at = new Date()): string => localTime(at, timeZone).date;

/** The instant a local date begins in a time zone. */
export const startOfDay = (day: string, timeZone: string | null | undefined): Date =>
  new Date(instantOf(`${day}T00:00`, timeZone));

/** The date `n` days after `day` (before, for a negative `n`). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);

export const previousDay = (date: string): string => addDays(date, -1);

export const weekdayOf = (date: string): Weekday => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

const MOMENT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Whether a text is a date and time as ISO 8601 writes it (seconds, fraction and offset optional), its
 * calendar fields checked against what they mean: no month 13, no 30 February, no 24:00.
 */
export function isCalendarMoment(text: string): boolean {
  const m = MOMENT.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const d = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    d.getUTCFullYear() === year &&
    d.getUTCMonth() === month - 1 &&
    d.getUTCDate() === day &&
    d.getUTCHours() === hour &&
    d.getUTCMinutes() === minute &&
    d.getUTCSeconds() === second
  );
}
