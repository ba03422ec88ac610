import { describe, expect, it } from 'vitest';
import { checkWindow, instantOf, localTime } from './calendar';

describe('calendar', () => {
  it('reads an instant as the outlet’s wall clock', () => {
    expect(localTime('2024-06-05T17:30:00Z', 'Asia/Kuala_Lumpur')).toMatchObject({
      date: '2024-06-06',
      time: '01:30',
      weekday: 'thu',
    });
    expect(localTime('2024-06-05T17:30:00Z', 'Nowhere/Unknown')).toMatchObject({ date: '2024-06-05', time: '17:30' });
  });

  it('turns a wall-clock time at an outlet into the instant, across daylight saving too', () => {
    expect(instantOf('2024-06-05T12:00', 'Asia/Kuala_Lumpur')).toBe('2024-06-05T04:00:00.000Z');
    expect(instantOf('2024-07-01T09:15:30', 'Europe/London')).toBe('2024-07-01T08:15:30.000Z');
    expect(instantOf('2024-01-01T09:15', 'Europe/London')).toBe('2024-01-01T09:15:00.000Z');
    expect(instantOf('2024-03-10T12:00', 'America/New_York')).toBe('2024-03-10T16:00:00.000Z');
  });

  it('a window of hours without days, and one from a start time only', () => {
    const at = (time: string) => localTime(`2024-06-05T${time}:00+08:00`, 'Asia/Kuala_Lumpur');
    expect(checkWindow(at('09:00'), { validFrom: null, validTo: null, timeFrom: '10:00' })).toEqual({
      ok: false,
      reason: 'wrongTime',
    });
    expect(checkWindow(at('23:59'), { validFrom: null, validTo: null, timeFrom: '10:00' })).toEqual({ ok: true });
    expect(checkWindow(at('09:59'), { validFrom: null, validTo: null, timeTo: '10:00' })).toEqual({ ok: true });
  });
});
