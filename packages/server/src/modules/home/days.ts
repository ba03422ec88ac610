import { addDays, dateIn, startOfDay } from '../../time/calendar';

/** One local day of an outlet, as the UTC instants it spans: [starts, ends). */
export interface DayWindow {
  outlet: number;
  day: string;
  starts: string;
  ends: string;
}

export const HOME_DAYS = 30;

/** The last `HOME_DAYS` local days of each outlet, today last (then `ahead` more), by the outlet's own time zone. */
export function dayWindows(outlets: readonly { id: number; timeZone: string }[], now: Date, ahead = 0): DayWindow[] {
  return outlets.flatMap(({ id, timeZone }) => {
    const today = dateIn(timeZone, now);
    return Array.from({ length: HOME_DAYS + ahead }, (_, i) => {
      const day = addDays(today, i - HOME_DAYS + 1);
      return {
        outlet: id,
        day,
        starts: startOfDay(day, timeZone).toISOString(),
        ends: startOfDay(addDays(day, 1), timeZone).toISOString(),
      };
    });
  });
}
