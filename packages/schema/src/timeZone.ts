/**
 * Instants and wall clocks in IANA time zones, shared by the server's calendar and the console's
 * inputs and filters. An unknown or empty zone counts as UTC (a typo in a company's or an outlet's
 * zone must not stop a sale, a job or a screen). Pure `Intl`.
 */

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

/** The wall clock `yyyy-mm-ddTHH:mm:ss.sss` an instant reads in a time zone. */
export function wallClockOf(instant: number, timeZone: string | null | undefined): string {
  return new Date(instant + offsetMs(timeZone, instant)).toISOString().slice(0, 23);
}

/** The instant a wall-clock time (`yyyy-mm-ddTHH:mm[:ss]`, no offset) is in a time zone (checked again at the result, for a change of offset there). */
export function instantOf(wall: string, timeZone: string | null | undefined): string {
  const asUtc = Date.parse(`${wall.length === 16 ? `${wall}:00` : wall.slice(0, 19)}Z`);
  const guess = asUtc - offsetMs(timeZone, asUtc);
  return new Date(asUtc - offsetMs(timeZone, guess)).toISOString();
}
