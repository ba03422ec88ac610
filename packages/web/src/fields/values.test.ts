import type { NormalisedField } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { toFormValues, toWire, unchangedAsRead } from './values';

const fields = [
  { name: 'decidedAt', kind: 'datetime' },
  { name: 'name', kind: 'text' },
] as unknown as NormalisedField[];

describe('an update sends what the user left alone as it was read', () => {
  const read = { id: 1, version: 4, decidedAt: '2026-05-01T10:30:45.123Z', name: 'Tea' };
  const start = toFormValues(fields, read);

  it('a date-time with seconds, untouched, goes back as stored (its input holds only minutes)', () => {
    const wire = toWire(fields, start);
    expect(wire.decidedAt).not.toBe(read.decidedAt);
    expect(unchangedAsRead(fields, wire, start, start, read)).toMatchObject({
      decidedAt: read.decidedAt,
      name: 'Tea',
    });
  });

  it('a field the user changed goes as typed', () => {
    const now = { ...start, name: 'Green tea', decidedAt: '2026-05-02T09:00' };
    const sent = unchangedAsRead(fields, toWire(fields, now), now, start, read);
    expect(sent.name).toBe('Green tea');
    expect(sent.decidedAt).toBe(new Date('2026-05-02T09:00').toISOString());
  });
});
