import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupName, expiredBackups, listBackups } from './copy';

const DAY = 86_400_000;

describe('backup retention', () => {
  it('names backups by their time and lists them newest first, ignoring other files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'backroom-retention-'));
    try {
      const times = [new Date('2026-11-01T02:00:00.000Z'), new Date('2026-11-03T02:00:00.500Z')];
      for (const at of times) await writeFile(join(dir, backupName(at, 'sqlite')), '');
      await writeFile(join(dir, `${backupName(new Date(), 'sqlite')}.partial`), '');
      await writeFile(join(dir, 'notes.txt'), '');
      const listed = await listBackups(dir);
      expect(listed.map((b) => b.takenAt)).toEqual([times[1], times[0]]);
      expect(listed[0]!.name).toBe('backroom-2026-11-03T02-00-00-500Z.db');
      expect(await listBackups(join(dir, 'missing'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps the newest `keep`, none older than the age limit, and always the newest', () => {
    const now = new Date('2026-11-27T00:00:00Z');
    const daily = Array.from({ length: 10 }, (_, i) => ({
      name: String(i),
      file: String(i),
      takenAt: new Date(now.getTime() - i * DAY - 1000),
    }));
    expect(expiredBackups(daily, 7, 30, now).map((b) => b.name)).toEqual(['7', '8', '9']);
    expect(expiredBackups(daily, 7, 3, now).map((b) => b.name)).toEqual(['3', '4', '5', '6', '7', '8', '9']);
    // The schedule stopped a month ago: the last backup stays.
    const old = daily.map((b) => ({ ...b, takenAt: new Date(b.takenAt.getTime() - 60 * DAY) }));
    expect(expiredBackups(old, 7, 30, now).map((b) => b.name)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });
});
