import type { NormalisedField } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { toFormValues, toWire, unchangedAsRead } from './values';

const fields = [
  { name: 'decidedAt', kind: 'datetime' },
  { name: 'count', kind: 'number' },
  { name: 'name', kind: 'text' },
] as unknown as NormalisedField[];

describe('an update sends what the user left alone as it was read', () => {
  const read = { id: 1, version: 4, decidedAt: '2026-05-01T10:30:45.123Z', count: 12, name: 'Tea' };
  const start = toFormValues(fields, read);

  it('a value its input holds otherwise (a number as text), untouched, goes back as stored; a date-time is the instant itself', () => {
    const wire = toWire(fields, start);
    expect(wire.count).toBe('12');
    expect(wire.decidedAt).toBe(read.decidedAt);
    expect(unchangedAsRead(fields, wire, start, start, read)).toMatchObject({
      decidedAt: read.decidedAt,
      count: 12,
      name: 'Tea',
    });
  });

  it('a field the user changed goes as typed', () => {
    const now = { ...start, name: 'Green tea', decidedAt: '2026-05-02T01:00:00.000Z' };
    const sent = unchangedAsRead(fields, toWire(fields, now), now, start, read);
    expect(sent.name).toBe('Green tea');
    expect(sent.decidedAt).toBe('2026-05-02T01:00:00.000Z');
  });
});
