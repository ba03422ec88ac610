import { findEntity, type SheetJob } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { hostileXlsx } from './hostile';
import { anyDb } from '../../src/data/store';
import { IMPORT_JOB, EXPORT_JOB } from '../../src/modules/spreadsheets/jobs';
import { insertJob, newLease } from '../../src/jobs/queue';
import { runJob } from '../../src/jobs/runner';
import { exportList, importSheet, legacyOf } from './support';

const c = useCatalogue();
const departments = async (prefix: string) =>
  (
    await c.post<Row[]>('/DataRepository/fetch/department', {
      Take: 50,
      filters: [{ ColumnName: 'code', ColumnValue: prefix, Operator: 'STARTSWITH' }],
    })
  ).body.data;

beforeAll(async () => {
  const department = findEntity('department')!;
  await c.builder.insert(department, { code: 'APO-1', name: "'=1+1", description: "''@x" });
  await c.builder.insert(department, { code: 'APO-2', name: '=1+1', description: "'plain" });
});

describe('the text of cells', () => {
  it('comes back unchanged through an export and its import as is, leading apostrophes included', async () => {
    const { rows, file } = await exportList(c, { procedure: 'entity:department', search: 'APO-' });
    const header = rows[0] as string[];
    const name = (code: string) => rows.find((r) => r[0] === code)![header.indexOf('Name')];
    expect(name('APO-1')).toBe("'=1+1");
    expect(name('APO-2')).toBe('=1+1');
    // The downloaded file itself, imported: nothing differs from what is stored.
    const back = await importSheet(c, file, 'entity:department', 'commit');
    expect(back).toMatchObject({ status: 'succeeded', errorCount: 0, inserted: 0, updated: 0, unchanged: 2 });
    const stored = new Map((await departments('APO-')).map((d) => [d.code, d]));
    expect(stored.get('APO-1')).toMatchObject({ name: "'=1+1", description: "''@x" });
    expect(stored.get('APO-2')).toMatchObject({ name: '=1+1', description: "'plain" });
  });

  it('refuses NUL and other control characters per cell, naming row and column, and writes nothing (tab and line breaks pass)', async () => {
    const csv = [
      'Code,Name,Description',
      'CTL-1,Bad\u0000name,ok',
      'CTL-2,Fine,"bell\u0007"',
      'CTL-3,Tabbed\tname,"two\nlines"',
    ].join('\r\n');
    const csvJob = await importSheet(c, Buffer.from(csv), 'entity:department', 'commit', 'controls.csv');
    expect(csvJob).toMatchObject({ status: 'succeeded', committed: false, errorCount: 2 });
    expect(csvJob.errors).toEqual([
      { row: 2, column: 'Name', message: 'Name holds a control character (U+0000), which cannot be stored: remove it' },
      {
        row: 3,
        column: 'Description',
        message: 'Description holds a control character (U+0007), which cannot be stored: remove it',
      },
    ]);
    // In an xlsx a control character can only come as a character reference.
    const sheet = await hostileXlsx({
      strings: { count: 0, item: () => '' },
      header: ['Code', 'Name'],
      rows: { count: 1, row: () => ['CTL-4', 'Null&#0;here'] },
    });
    const xlsxJob = await importSheet(c, sheet, 'entity:department', 'commit');
    expect(xlsxJob.errors).toEqual([
      { row: 2, column: 'Name', message: 'Name holds a control character (U+0000), which cannot be stored: remove it' },
    ]);
    expect(await departments('CTL-')).toEqual([]);
    const clean = await importSheet(
      c,
      Buffer.from(['Code,Name,Description', 'CTL-3,Tabbed\tname,"two\nlines"'].join('\r\n')),
      'entity:department',
      'commit',
      'clean.csv',
    );
    expect(clean).toMatchObject({ committed: true, inserted: 1 });
    expect((await departments('CTL-'))[0]).toMatchObject({ name: 'Tabbed\tname', description: 'two\nlines' });
  });
});

describe('job messages', () => {
  it('name an unexpected failure plainly, without zod’s or the database’s text (a damaged payload)', async () => {
    for (const kind of [IMPORT_JOB, EXPORT_JOB]) {
      const lease = newLease(60_000);
      const job = await insertJob(anyDb(c.server.app.ctx), kind, {
        lease,
        payload: { ownerId: 1, ownerName: 'admin', importType: 5, procedure: null },
      });
      await runJob(c.server.app, c.server.app.log, job, lease);
      const response = await fetch(`${legacyOf(c)}/DataExporter/status/${job.id}`, {
        headers: { authorization: `Bearer ${c.tokens.admin}` },
      });
      const { message } = ((await response.json()) as { data: SheetJob }).data;
      const what = kind === IMPORT_JOB ? 'import' : 'export';
      expect(message).toMatch(
        new RegExp(`^The ${what} stopped on an unexpected error \\(logged on the server with job ${job.id}\\)`),
      );
      expect(message).not.toMatch(/invalid_type|Expected |received|\[|\{/);
    }
  });
});
