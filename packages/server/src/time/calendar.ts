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
