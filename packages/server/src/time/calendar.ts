/**
 * The one calendar of the server: wall-clock dates and times of instants in IANA time zones, and
 * back. An unknown or empty zone counts as UTC everywhere (a typo in a company's or an outlet's
 * zone must not stop a sale or a job).
 */

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

const WEEKDAYS: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** Formatters by time zone: making one costs far more than using it. Null for an unknown zone. */
const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatter(timeZone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timeZone)) {
    let made: Intl.DateTimeFormat | null = null;
    try {
      made = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      // An unknown zone counts as UTC.
    }
    formatters.set(timeZone, made);
  }
  return formatters.get(timeZone)!;
}

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
export function offsetMs(timeZone: string | null | undefined, instant: number): number {
  const format = timeZone ? formatter(timeZone) : null;
  if (!format) return 0;
  const parts = format.formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return local - Math.floor(instant / 1000) * 1000;
}

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
  const wall = new Date(instant + offsetMs(timeZone, instant)).toISOString();
  const date = wall.slice(0, 10);
  const time = wall.slice(11, 16);
  return { date, time, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)), weekday: weekdayOf(date) };
}

/** The calendar date at `at` in a time zone. */
export const dateIn = (timeZone: string | null | undefined, at = new Date()): string => localTime(at, timeZone).date;

/** The instant a wall-clock time (`yyyy-mm-ddTHH:mm[:ss]`, no offset) is in a time zone (checked again at the result, for a change of offset there). */
export function instantOf(wall: string, timeZone: string | null | undefined): string {
  const asUtc = Date.parse(`${wall.length === 16 ? `${wall}:00` : wall.slice(0, 19)}Z`);
  const guess = asUtc - offsetMs(timeZone, asUtc);
  return new Date(asUtc - offsetMs(timeZone, guess)).toISOString();
}

/** The instant a local date begins in a time zone. */
export const startOfDay = (day: string, timeZone: string | null | undefined): Date =>
  new Date(instantOf(`${day}T00:00`, timeZone));

/** The date `n` days after `day` (before, for a negative `n`). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);

export const previousDay = (date: string): string => addDays(date, -1);

export const weekdayOf = (date: string): Weekday => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
