import { addDays, dateIn, startOfDay } from '../../time/calendar';

/** One local day of an outlet, as the UTC instants it spans: [starts, ends). */
export interface DayWindow {
  outlet: number;
  day: string;
  starts: string;
  ends: string;
}

export const HOME_DAYS = 30;

type Span = Omit<DayWindow, 'outlet'>;

/**
 * The days of a zone up to a local date, kept by zone, date and count: Home asks for the same days
 * of every outlet on each call, and each day's start costs two of `Intl`'s zone conversions (the
 * demo's four outlets' windows were a quarter of its summary's time). A zone's rules change only
 * with the runtime's time-zone data, which a running process does not reload.
 */
const kept = new Map<string, readonly Span[]>();
const KEPT_SPANS = 1_000;

function daysUpTo(today: string, timeZone: string, count: number, ahead: number): readonly Span[] {
  const key = `${timeZone} ${today} ${count} ${ahead}`;
  let spans = kept.get(key);
  if (!spans) {
    const starts = Array.from({ length: count + ahead + 1 }, (_, i) => {
      const day = addDays(today, i - count + 1);
      return { day, starts: startOfDay(day, timeZone).toISOString() };
    });
    spans = starts.slice(0, -1).map(({ day, starts: from }, i) => ({ day, starts: from, ends: starts[i + 1]!.starts }));
    if (kept.size >= KEPT_SPANS) kept.clear();
    kept.set(key, spans);
  }
  return spans;
}

/** The last `HOME_DAYS` local days of each outlet, today last (then `ahead` more), by the outlet's own time zone. */
export function dayWindows(outlets: readonly { id: number; timeZone: string }[], now: Date, ahead = 0): DayWindow[] {
  return outlets.flatMap(({ id, timeZone }) =>
    daysUpTo(dateIn(timeZone, now), timeZone, HOME_DAYS, ahead).map((span) => ({ outlet: id, ...span })),
  );
}
