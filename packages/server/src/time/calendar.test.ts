import { describe, expect, it } from 'vitest';
import { addDays, dateIn, instantOf, localTime, offsetMs, previousDay, startOfDay, weekdayOf } from './calendar';

describe('the calendar', () => {
  it('reads the date of an instant in a zone, an unknown or missing zone as UTC', () => {
    const at = new Date('2024-06-05T17:30:00Z');
    expect(dateIn('Asia/Kuala_Lumpur', at)).toBe('2024-06-06');
    expect(dateIn('America/Los_Angeles', at)).toBe('2024-06-05');
    expect(dateIn('Nowhere/Unknown', at)).toBe('2024-06-05');
    expect(dateIn(null, at)).toBe('2024-06-05');
    expect(dateIn('', new Date('2024-06-05T23:59:59.999Z'))).toBe('2024-06-05');
  });

  it('knows a zone’s offset, daylight saving included', () => {
    expect(offsetMs('Asia/Kuala_Lumpur', Date.parse('2024-06-05T00:00:00Z'))).toBe(8 * 3_600_000);
    expect(offsetMs('Europe/London', Date.parse('2024-07-01T12:00:00Z'))).toBe(3_600_000);
    expect(offsetMs('Europe/London', Date.parse('2024-01-01T12:00:00Z'))).toBe(0);
    expect(offsetMs('Asia/Kolkata', Date.parse('2024-01-01T12:00:00Z'))).toBe(5.5 * 3_600_000);
  });

  it('finds where a local day begins, on the days the clocks change too', () => {
    expect(startOfDay('2024-06-05', 'Asia/Kuala_Lumpur').toISOString()).toBe('2024-06-04T16:00:00.000Z');
    expect(startOfDay('2024-03-10', 'America/New_York').toISOString()).toBe('2024-03-10T05:00:00.000Z');
    expect(startOfDay('2024-03-11', 'America/New_York').toISOString()).toBe('2024-03-11T04:00:00.000Z');
    expect(startOfDay('2024-11-03', 'America/New_York').toISOString()).toBe('2024-11-03T04:00:00.000Z');
    expect(startOfDay('2024-11-04', 'America/New_York').toISOString()).toBe('2024-11-04T05:00:00.000Z');
    expect(instantOf('2024-03-10T12:00', 'America/New_York')).toBe('2024-03-10T16:00:00.000Z');
  });

  it('reads wall-clock time and weekday, and counts days', () => {
    expect(localTime('2024-06-05T17:30:45Z', 'Asia/Kuala_Lumpur')).toEqual({
      date: '2024-06-06',
      time: '01:30',
      minutes: 90,
      weekday: 'thu',
    });
    expect(localTime(new Date('2024-06-05T23:59:00Z'), 'UTC')).toEqual({
      date: '2024-06-05',
      time: '23:59',
      minutes: 1439,
      weekday: 'wed',
    });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(previousDay('2025-01-01')).toBe('2024-12-31');
    expect(weekdayOf('2024-06-09')).toBe('sun');
  });
});
