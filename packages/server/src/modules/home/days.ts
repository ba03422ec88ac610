/** One local day of an outlet, as the UTC instants it spans: [starts, ends). */
export interface DayWindow {
  outlet: number;
  day: string;
  starts: string;
  ends: string;
}

export const HOME_DAYS = 30;

/** Formatters by time zone: making one costs far more than using it. Null for an unknown zone. */
const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatter(timeZone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timeZone)) {
    let made: Intl.DateTimeFormat | null = null;
    try {
      made = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    } catch {
      // An unknown zone counts as UTC.
    }
    formatters.set(timeZone, made);
  }
  return formatters.get(timeZone)!;
}

/** Milliseconds `timeZone` is ahead of UTC at `instant` (an unknown zone counts as UTC). */
function offsetMs(timeZone: string, instant: number): number {
  const format = formatter(timeZone);
  if (!format) return 0;
  const parts = format.formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return local - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant a local date begins in a time zone (checked again at the result, for a change of offset that day). */
export function startOfDay(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00.000Z`);
  const guess = midnight - offsetMs(timeZone, midnight);
  return new Date(midnight - offsetMs(timeZone, guess));
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The last `HOME_DAYS` local days of each outlet, today last (then `ahead` more), by the outlet's own time zone. */
export function dayWindows(outlets: readonly { id: number; timeZone: string }[], now: Date, ahead = 0): DayWindow[] {
  return outlets.flatMap(({ id, timeZone }) => {
    const today = new Date(now.getTime() + offsetMs(timeZone, now.getTime())).toISOString().slice(0, 10);
    return Array.from({ length: HOME_DAYS + ahead }, (_, i) => {
      const day = addDays(today, i - HOME_DAYS + 1);
      return { outlet: id, day, starts: startOfDay(day, timeZone).toISOString(), ends: startOfDay(addDays(day, 1), timeZone).toISOString() };
    });
  });
}
