import {
  rowRuleIssues,
  validateRow,
  type NormalisedEntity,
  type SheetCounts,
  type SheetFieldChange,
  type SheetRowAction,
  type SheetRowError,
  type SheetRowPreview,
  type SheetValue,
} from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { planEachRun } from '../../db/statement-names';
import type { AppContext } from '../../context';
import { deniedFieldGroups } from '../../data/field-groups';
import { storedRows, toApiRows } from '../../data/read';
import { anyDb, inTransaction, type AnyDb, type Row } from '../../data/store';
import { failedRow, writeRows } from '../../data/write-rows';
import { ApiError } from '../../http/envelope';
import { jobWriter } from '../../jobs/acting-user';
import { cellText, controlCharacterIn, type CellValue } from './cells';
import { fromCell, normaliseHeader, type DateOrder, type ScalarField } from './columns';
import type { CustomCounts, ImportFile, MappingStep, RowOutcome } from './importer';
import type { Importer } from './importers';
import { Lookups, type Lookup } from './lookups';
import { KeptText, SheetRefused, rowLimit } from './limits';
import { readSheet } from './read';

const BATCH = 500;
/**
 * Rows per set-based write (`writeRows`): each batch costs about 20 statements whatever its size
 * (round trips, on PostgreSQL). A batch is also kept small enough for most of its objects to die in
 * V8's young generation: larger, they are promoted and the heap grows by some 200–400 MB before a
 * full collection (the 100,000-row bench's peak RSS: SQLite 535 MB at 1,000 rows, 330–550 at 250,
 * 320 at 100, for the same time; PostgreSQL 693 MB at 1,000, 381 at 500).
 */
const WRITE_BATCH = { sqlite: 100, postgres: 500 } as const;

/**
 * PostgreSQL's cost of a page read at random, for the import's transaction only: that of pages in
 * memory, as an import's are (the default, 4, prices a spinning disk). Each batch checks its codes
 * and barcodes with lookups of 500 values in the table the import is growing; past some 50,000 new
 * rows the default priced those 500 index probes above a scan of the whole table, and every lookup
 * became one (100,000-row bench: the lookups took 3.9 s as scans, 0.8–1.1 s as index scans).
 */
const INDEX_PAGE_COST = 1.1;

/** A sheet row read into the entity's API form, before the registry's validation. */
interface Prepared {
  number: number;
  input: Row;
  key: string;
  existing?: Row;
  value?: Row;
  changed?: Row;
  /** An update's changed fields as the preview shows them, old → new. */
  changes?: SheetFieldChange[];
  /** What committing it does, once it passed the checks. */
  action?: keyof Counts;
  /** The row's `Handle` (a Shopify-style export's product handle): a variant may name its parent by it. */
  handle?: string;
  /** References to rows of this sheet not yet stored (a parent further down), by field; their id is looked up as they are written. */
  sheetRefs?: {
    field: string;
    column: string;
    text: string;
    target?: Prepared;
    /** For a reference inside a child list's line (a recipe's component): the line and its field. */
    line?: { index: number; field: string };
  }[];
  /** The rows of the sheet it references are written before it: 0 none, 1 a parent, …. */
  level?: number;
}

/**
 * Placeholder ids of references to a row of the sheet not yet stored, until that row is written
 * (plus the sheet row's number, at most the row limit): ids the validation accepts (32 bits), above
 * the ids a table holds, and never written (replaced first, else the write's reference check refuses it).
 */
const SHEET_REF_BASE = 2_000_000_000;

const ACTION_OF: Record<keyof Counts, SheetRowAction> = {
  inserted: 'insert',
  updated: 'update',
  unchanged: 'unchanged',
};

interface Counts {
  inserted: number;
  updated: number;
  unchanged: number;
}
const NO_COUNTS: Counts = { inserted: 0, updated: 0, unchanged: 0 };

/**
 * The job's record of a commit, written as the last statement of the commit's own transaction (its
 * status, counts as committed): fenced on the run's lease, so the rows and their count are stored
 * together or not at all, and a run that lost the job writes neither.
 */
export type CommitRecord = (trx: AnyDb, outcome: SheetCounts) => Promise<void>;

class Problems {
  readonly list: SheetRowError[] = [];
  readonly rows = new Set<number>();
  private readonly cells = new Set<string>();
  add(row: number, column: string, message: string) {
    this.list.push({ row, column, message });
    this.rows.add(row);
    this.cells.add(`${row}|${column}`);
  }
  /** A cell already reported (a code not found) is not reported again as missing. */
  has(row: number, column: string) {
    return this.cells.has(`${row}|${column}`);
  }
}

interface Header {
  /** Cell index → field. */
  columns: Map<number, ScalarField>;
  headers: Map<string, string>;
  /** The cell index of a `Handle` column (read, not stored), when the entity references itself. */
  handle?: number;
}

/** The one-field key of an importer whose entity references itself (a product's parent): rows of one sheet may then name each other. */
const selfReferencing = (importer: Importer) =>
  !importer.custom &&
  importer.key.length === 1 &&
  importer.columns.some((f) => f.kind === 'reference' && f.entity === importer.entity.name);

const IGNORED_HEADERS = new Set([
  'id',
  'result',
  'message',
  'action',
  'changes',
  'version',
  'created at',
  'created by',
  'updated at',
  'updated by',
]);

function readHeader(
  importer: Importer,
  cells: CellValue[],
  problems: Problems,
  rowNumber: number,
  mapped?: MappingStep,
): Header {
  const byHeader = new Map<string, ScalarField>();
  for (const field of importer.columns) {
    byHeader.set(normaliseHeader(field.label), field);
    byHeader.set(field.name.toLowerCase(), field);
  }
  const readOnly = new Set(
    importer.entity.fields
      .filter((f) => !importer.columns.includes(f as ScalarField))
      .flatMap((f) => [normaliseHeader(f.label), f.name.toLowerCase()]),
  );
  const columns = new Map<number, ScalarField>();
  const headers = new Map<string, string>();
  let handle: number | undefined;
  cells.forEach((cell, index) => {
    const text = cellText(cell);
    if (text === null) return;
    if (normaliseHeader(text) === 'handle' && selfReferencing(importer) && !byHeader.has('handle')) {
      handle = index;
      return;
    }
    // The mapping step answers for every other header: a field, or null for a column no field reads (not an error).
    const field = mapped ? mapped.fieldOf(text) : byHeader.get(normaliseHeader(text));
    if (!field) {
      if (mapped) return;
      if (!IGNORED_HEADERS.has(normaliseHeader(text)) && !readOnly.has(normaliseHeader(text)))
        problems.add(rowNumber, text, `Unknown column "${text}": use the template's columns`);
      return;
    }
    if ([...columns.values()].includes(field)) problems.add(rowNumber, text, `The column "${text}" appears twice`);
    columns.set(index, field);
    headers.set(field.name, text.replace(/\s*\*\s*$/, ''));
  });
  for (const key of importer.key)
    if (![...columns.values()].includes(key))
      problems.add(rowNumber, key.label, `The key column "${key.label}" is missing`);
  return { columns, headers, handle };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Stored rows of the entity whose key matches one of the prepared rows', as API rows by key. */
async function existingRows(
  db: AnyDb,
  ctx: AppContext,
  importer: Importer,
  rows: Prepared[],
): Promise<Map<string, Row>> {
  const [first] = importer.key;
  const out = new Map<string, Row>();
  const firstValues = [...new Set(rows.map((r) => r.input[first!.name]).filter((v) => v !== null && v !== undefined))];
  for (let i = 0; i < firstValues.length; i += BATCH) {
    const ids = (
      await db
        .selectFrom(importer.entity.table)
        .select('id')
        .where(first!.column, 'in', firstValues.slice(i, i + BATCH) as never[])
        .execute()
    ).map((r) => Number(r.id));
    const api = await toApiRows(ctx, db, importer.entity, await storedRows(db, importer.entity, ids), {
      labels: false,
    });
    for (const row of api) out.set(keyOf(importer, row), row);
  }
  return out;
}

const keyOf = (importer: Importer, row: Row) =>
  JSON.stringify(
    importer.key.map((f) => (typeof row[f.name] === 'string' ? (row[f.name] as string).trim() : (row[f.name] ?? null))),
  );

/**
 * Reads a sheet and checks every row against the registry and the database: kinds, required
 * fields, lengths, codes that must exist, keys repeated in the file, unique values taken by other
 * rows, rules between fields. With `commit` and no error, writes every row in one transaction
 * through the generic write path (`writeRows`: privileges were checked when the job was submitted;
 * audit and hooks run for every row), in batches, with the job's `record` as its last statement:
 * all rows or none. Everything before the transaction (reading, lookups, checks, the rows' values)
 * is done first, so the writer is held for the writes only.
 *
 * With a context whose database is a transaction (`withinTransaction`), the rows are written in
 * that one transaction: all or nothing with what the caller writes in it (bundles, stock); the
 * caller then records the commit.
 */
export async function runImport(
  ctx: AppContext,
  request: FastifyRequest,
  importer: Importer,
  file: ImportFile,
  commit: boolean,
  progress: (percent: number, within?: AnyDb) => Promise<void>,
  record?: CommitRecord,
): Promise<SheetCounts> {
  const db = anyDb(ctx);
  const joined = db.isTransaction;
  if (joined) {
    // Progress is reported through the transaction: on SQLite it holds the one connection.
    const report = progress;
    progress = (percent, within) => report(percent, within ?? db);
  }
  const entity: NormalisedEntity = importer.entity;
  const problems = new Problems();
  const lookups = new Lookups(db);
  const prepared: Prepared[] = [];
  let header: Header | undefined;
  // The header's columns with their header text and, for a column of codes, its lookup: loaded once
  // before the rows, which are then read without waiting on anything.
  const cellColumns: { index: number; field: ScalarField; column: string; lookup?: Lookup }[] = [];
  const sheetRefs = selfReferencing(importer);
  const dateOrders = new Map<string, Set<DateOrder>>();
  const twoWayDates: {
    row: number;
    input: Row;
    field: string;
    column: string;
    message: string;
    readings: Record<DateOrder, string>;
  }[] = [];

  let lastRow = 1;
  const kept = new KeptText(ctx.config.imports.maxHeldBytes);
  try {
    const sheet = readSheet(file.path, file.format, ctx.config.imports);
    for await (const sheetRow of file.mapped ? file.mapped.rows(sheet) : sheet) {
      lastRow = sheetRow.number;
      if (sheetRow.cells.every((c) => cellText(c) === null)) continue;
      if (!header) {
        header = readHeader(importer, sheetRow.cells, problems, sheetRow.number, file.mapped);
        const denied = await deniedFieldGroups(request, 'edit');
        // A header's problems are reported with the rows' own: the rows are still read in the columns that are known.
        for (const [index, field] of header.columns) {
          if (field.group && denied.has(field.group)) {
            problems.add(
              sheetRow.number,
              header.headers.get(field.name)!,
              `${header.headers.get(field.name)}: your role may not change it`,
            );
            continue;
          }
          cellColumns.push({
            index,
            field,
            column: header.headers.get(field.name)!,
            lookup: field.kind === 'reference' || field.kind === 'listvalue' ? await lookups.of(field) : undefined,
          });
        }
        continue;
      }
      if (prepared.length >= ctx.config.imports.maxRows) throw rowLimit(ctx.config.imports.maxRows);
      const input: Row = {};
      const row: Prepared = { number: sheetRow.number, input, key: '' };
      for (const { index, field, column, lookup } of cellColumns) {
        const cell = sheetRow.cells[index] ?? null;
        const control = typeof cell === 'string' ? controlCharacterIn(cell) : undefined;
        if (control) {
          problems.add(
            sheetRow.number,
            column,
            `${column} holds a control character (${control}), which cannot be stored: remove it`,
          );
          continue;
        }
        const converted = fromCell(field, cell);
        if (!converted.ok && converted.readings) {
          // A date that reads both ways: read in the order the column's other dates show, once every row is read.
          const { message, readings } = converted;
          twoWayDates.push({ row: sheetRow.number, input, field: field.name, column, message, readings });
          continue;
        }
        if (!converted.ok) {
          problems.add(sheetRow.number, column, `${column} ${converted.message}`);
          continue;
        }
        if (converted.order) {
          const orders = dateOrders.get(field.name) ?? new Set<DateOrder>();
          dateOrders.set(field.name, orders.add(converted.order));
        }
        if (lookup && converted.value !== null) {
          const found = lookup.idOf(String(converted.value));
          if ('id' in found) input[field.name] = found.id;
          else if (found.missing && sheetRefs && field.kind === 'reference' && field.entity === entity.name) {
            // Perhaps a row of this sheet (a parent further down): found once every row is read.
            (row.sheetRefs ??= []).push({ field: field.name, column, text: String(converted.value) });
            input[field.name] = SHEET_REF_BASE + sheetRow.number;
          } else {
            // A row a known source's commit creates first (a category): a placeholder while validating.
            const planned = file.mapped?.plannedId(field, String(converted.value));
            if (planned !== undefined) input[field.name] = planned;
            else problems.add(sheetRow.number, column, `${column}: ${found.message}`);
          }
          continue;
        }
        if (typeof converted.value === 'string') kept.add(converted.value.length);
        input[field.name] = converted.value;
      }
      if (header.handle !== undefined) row.handle = cellText(sheetRow.cells[header.handle] ?? null) ?? undefined;
      row.key = keyOf(importer, input);
      prepared.push(row);
    }
  } catch (error) {
    if (!(error instanceof SheetRefused)) throw error;
    // A sheet past what an import may hold: nothing was written, and the rows read so far are let go.
    return {
      total: prepared.length,
      processed: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      errorCount: 1,
      errors: [{ row: lastRow + 1, column: 'File', message: error.message }],
      committed: false,
    };
  }
  if (!header) problems.add(1, '', 'The sheet is empty: the first row must hold the column headers');
  for (const date of twoWayDates) {
    const orders = dateOrders.get(date.field);
    if (orders?.size === 1) date.input[date.field] = date.readings[[...orders][0]!];
    else problems.add(date.row, date.column, `${date.column} ${date.message}`);
  }
  const headers = header?.headers ?? new Map<string, string>();
  const headerOf = (field: string) =>
    headers.get(field.split('.')[0]!) ?? entity.fields.find((f) => f.name === field)?.label ?? field;
  const find = sheetRefs ? sheetFinder(importer, prepared) : undefined;
  if (find) resolveSheetRefs(importer, find, prepared, problems);
  await progress(20);
  const prepareIssues =
    (await importer.prepare?.(
      ctx,
      prepared.map((row) => ({
        number: row.number,
        input: row.input,
        refs:
          row.sheetRefs &&
          Object.fromEntries(row.sheetRefs.flatMap((r) => (r.target ? [[r.field, r.target.input]] : []))),
        // A line's reference to a row of this sheet (a component further down): a placeholder until that row is written.
        sheetRow: find
          ? (text: string, line: { list: string; index: number; field: string; column: string }) => {
              const target = find(text, row);
              if (!target || target === 'several' || target === row) return undefined;
              (row.sheetRefs ??= []).push({
                field: line.list,
                column: line.column,
                text,
                target,
                line: { index: line.index, field: line.field },
              });
              return { id: SHEET_REF_BASE + target.number, key: String(target.input[importer.key[0]!.name]) };
            }
          : undefined,
      })),
    )) ?? [];
  for (const issue of file.mapped?.withoutPlanned(prepareIssues) ?? prepareIssues)
    if (!problems.has(issue.row, headerOf(issue.field))) problems.add(issue.row, headerOf(issue.field), issue.message);

  const seen = new Map<string, number>();
  const keyRead = importer.key.every((f) => headers.has(f.name));
  for (const row of prepared) {
    if (importer.key.some((f) => row.input[f.name] === null || row.input[f.name] === undefined)) {
      if (!problems.rows.has(row.number) && keyRead)
        for (const f of importer.key)
          if (row.input[f.name] == null) problems.add(row.number, headerOf(f.name), `${headerOf(f.name)} is required`);
      continue;
    }
    const earlier = seen.get(row.key);
    if (earlier !== undefined)
      problems.add(
        row.number,
        headerOf(importer.key[0]!.name),
        `The same ${importer.key.map((f) => headerOf(f.name)).join(' and ')} is on row ${earlier}`,
      );
    else seen.set(row.key, row.number);
  }

  // Rows are committed parents first (a row of the sheet another row references before the row
  // referencing it); the order is the sheet's own otherwise, the same on every try of the job.
  const ordered = sheetOrder(prepared, problems);
  if (ordered !== prepared) prepared.splice(0, prepared.length, ...ordered);

  const lookupOf = new Map(cellColumns.flatMap((c) => (c.lookup ? [[c.field.name, c.lookup] as const] : [])));
  /** A value as the preview shows it: a reference by its code (a row of the sheet by its key), lists by the importer. */
  const shown = (name: string, value: unknown, row: Prepared): SheetValue => {
    if (value === null || value === undefined) return null;
    const ref = row.sheetRefs?.find((r) => !r.line && r.field === name && value === row.input[name]);
    if (ref) return ref.target ? String(ref.target.input[importer.key[0]!.name]) : ref.text;
    const lookup = lookupOf.get(name);
    if (lookup && typeof value === 'number') return lookup.codeOf(value) ?? value;
    if (importer.shown && !entity.fields.some((f) => f.name === name && f.kind !== 'children'))
      return importer.shown(name, value);
    return typeof value === 'object' ? JSON.stringify(value) : (value as SheetValue);
  };
  const keyText = (row: Prepared) =>
    importer.key.map((f) => String(shown(f.name, row.input[f.name], row) ?? '')).join(' / ');
  if (importer.custom)
    return runCustom(
      ctx,
      request,
      importer,
      file,
      prepared,
      problems,
      headerOf,
      commit,
      progress,
      record,
      (row, lines) =>
        lines.map((line, i) => ({
          row: row[i]!.number,
          key: keyText(row[i]!),
          action: line.action,
          changes: (line.changes ?? []).map((c) => ({
            field: c.field,
            column: headerOf(c.field),
            old: shown(c.field, c.old, row[i]!),
            new: shown(c.field, c.new, row[i]!),
          })),
        })),
    );
  const existing = await existingRows(db, ctx, importer, prepared);
  await zerosDropped(db, importer, prepared, existing, problems, headerOf);
  await progress(35);
  for (const row of prepared) {
    row.existing = existing.get(row.key);
    const result = row.existing
      ? validateRow(entity, { ...row.input, id: row.existing.id, version: row.existing.version ?? 0 }, 'update')
      : validateRow(entity, row.input, 'insert');
    // A new row's rules between fields were checked by `validateRow` on the same values; a changed
    // row's hold on the stored row with the change.
    const issues = !result.ok
      ? result.errors
      : row.existing
        ? rowRuleIssues(entity, { ...row.existing, ...result.value })
        : [];
    for (const issue of issues)
      if (!(issue.field === 'id' || issue.field === 'version') && !problems.has(row.number, headerOf(issue.field)))
        problems.add(row.number, headerOf(issue.field), issue.message);
    if (!result.ok) continue;
    row.value = withoutEmptyLists(result.value);
    if (!row.existing) {
      row.action = 'inserted';
      continue;
    }
    const { id: _id, version: _version, ...sent } = result.value;
    row.changed = Object.fromEntries(
      Object.entries(sent).filter(([name]) => name in row.input && !same(sent[name], row.existing![name])),
    );
    row.action = Object.keys(row.changed).length === 0 ? 'unchanged' : 'updated';
    row.changes = Object.keys(row.changed).map((name) => ({
      field: name,
      column: headerOf(name),
      old: shown(name, row.existing![name], row),
      new: shown(name, sent[name], row),
    }));
    // Only the validated row and its changes are written: the stored row is not needed any more.
    row.existing = { id: row.existing.id, version: row.existing.version };
  }
  await checkUniques(db, importer, prepared, problems, headerOf);
  await progress(50);

  const counted = (rows: readonly Prepared[]): Counts => {
    const counts = { ...NO_COUNTS };
    for (const row of rows) if (row.action) counts[row.action]++;
    return counts;
  };
  const outcome = (counts: Counts, committed: boolean): SheetCounts => ({
    total: prepared.length,
    processed: prepared.length,
    ...counts,
    errorCount: problems.list.length,
    errors: problems.list.sort((a, b) => a.row - b.row),
    committed,
    rows: previewOf(
      prepared.filter((row) => !problems.rows.has(row.number)),
      keyText,
    ),
  });
  if (!commit || problems.list.length > 0) return outcome(counted(prepared), false);

  // One transaction for every row: a failure anywhere in it leaves nothing of the sheet written.
  const done = outcome(counted(prepared), true);
  const writes = prepared.filter((row) => row.action !== 'unchanged');
  const size = WRITE_BATCH[ctx.dialect];
  let batch: Prepared[] = [];
  let reported = -1;
  try {
    await inTransaction(db, async (trx) => {
      if (ctx.dialect === 'postgres') await sql`set local random_page_cost = ${sql.lit(INDEX_PAGE_COST)}`.execute(trx);
      await planEachRun(trx);
      const w = await jobWriter(ctx, trx, request, entity);
      for (let at = 0; at < writes.length; at += batch.length) {
        // A stop point at each percent: a cancelled job, one taken over by another run, or one asked
        // to stop writes no more, and the rows written so far roll back with the transaction.
        const percent = 50 + Math.floor((at / writes.length) * 49);
        if (percent !== reported) await progress((reported = percent), trx);
        // SQLite runs each statement synchronously: without a turn of the event loop between batches
        // the process would answer nothing (a health probe, a request for a file) and see no stop
        // signal until the commit ended. Requests for the database wait for the transaction anyway.
        if (ctx.dialect === 'sqlite') await new Promise((resolve) => setImmediate(resolve));
        batch = writes.slice(at, at + size);
        // A batch holds rows of one level: the rows a batch references are written by an earlier one.
        const level = batch[0]!.level ?? 0;
        const cut = batch.findIndex((row) => (row.level ?? 0) !== level);
        if (cut > 0) batch = batch.slice(0, cut);
        await fillSheetRefs(trx, importer, batch);
        await writeRows(
          w,
          w.entity,
          batch.map((row) =>
            row.existing
              ? {
                  action: 'update',
                  input: { id: row.existing.id, version: row.existing.version ?? 0, ...row.changed },
                }
              : { action: 'insert', input: row.value! },
          ),
          { labels: false, validated: true },
        );
        // Written: the rows' validated values are not needed again (the outcome was made before the
        // writes), and every checked row is held until the commit ends. Let go as the commit goes,
        // they lower the peak RSS of a large import (docs/decisions/speed.md, "The fifth round").
        for (const row of batch) row.value = row.changed = undefined;
      }
      await progress(99, trx);
      await record?.(trx, done);
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A refusal inside the write (a hook's, on a row the checks could not judge): the transaction
    // rolled back, nothing of the sheet is written, and the counts say so.
    const index = failedRow(error);
    const current = batch[index ?? 0];
    if (!current) throw error;
    const failed = error.errors?.length ? error.errors : [{ field: '', message: error.message }];
    for (const e of failed) {
      const field = index === undefined ? e.field : e.field.replace(/^\d+\.?/, '');
      problems.add(current.number, field ? headerOf(field) : '', e.message.replace(/^Row \d+: /, ''));
    }
    return { ...outcome(NO_COUNTS, false), processed: 0 };
  }
  return done;
}

/** Finds the row of a sheet a cell names: by its key (SKU), its name, or its `Handle` (the first other row of that handle that names no parent). */
type SheetFinder = (text: string, from: Prepared) => Prepared | 'several' | undefined;

function sheetFinder(importer: Importer, rows: readonly Prepared[]): SheetFinder {
  const key = importer.key[0]!.name;
  const byKey = new Map<string, Prepared>();
  const byName = new Map<string, Prepared | null>();
  const byHandle = new Map<string, Prepared[]>();
  for (const row of rows) {
    const code = row.input[key];
    if (typeof code === 'string' && !byKey.has(code.trim().toLowerCase())) byKey.set(code.trim().toLowerCase(), row);
    const name = row.input.name;
    if (typeof name === 'string') {
      const lower = name.trim().toLowerCase();
      byName.set(lower, byName.has(lower) ? null : row);
    }
    if (row.handle) {
      const lower = row.handle.toLowerCase();
      byHandle.set(lower, [...(byHandle.get(lower) ?? []), row]);
    }
  }
  return (text, from) => {
    const lower = text.trim().toLowerCase();
    const named = byName.get(lower);
    if (named === null && !byKey.has(lower)) return 'several';
    return byKey.get(lower) ?? named ?? byHandle.get(lower)?.find((other) => other !== from && !other.sheetRefs);
  };
}

/**
 * References to rows of the sheet itself (a variant's parent further down, or above but new): each
 * names a row by its key (SKU), its name, or its `Handle`; one not found is a problem of its cell.
 */
function resolveSheetRefs(importer: Importer, find: SheetFinder, rows: Prepared[], problems: Problems): void {
  for (const row of rows)
    for (const ref of row.sheetRefs ?? []) {
      const target = find(ref.text, row);
      if (target === 'several')
        problems.add(
          row.number,
          ref.column,
          `${ref.column}: several rows of the sheet are named "${ref.text}": use the code`,
        );
      else if (!target)
        problems.add(
          row.number,
          ref.column,
          `${ref.column}: "${ref.text}" is not the code or name of any of the ${importer.entity.label.toLowerCase()}, nor of a row of this sheet`,
        );
      else if (target === row) problems.add(row.number, ref.column, `${ref.column}: a row cannot name itself`);
      else ref.target = target;
    }
}

/**
 * The rows in the order to write them: each after the rows of the sheet it references (stable
 * otherwise); a circle of rows naming each other is a problem of each.
 */
function sheetOrder(rows: Prepared[], problems: Problems): Prepared[] {
  const pending = rows.filter((row) => row.sheetRefs);
  if (pending.length === 0) return rows;
  const levelOf = (row: Prepared, path: Set<Prepared>): number => {
    if (row.level !== undefined) return row.level;
    if (path.has(row)) return -1;
    path.add(row);
    let level = 0;
    for (const ref of row.sheetRefs ?? []) {
      if (!ref.target) continue;
      const below = levelOf(ref.target, path);
      if (below < 0) {
        if (!problems.has(row.number, ref.column))
          problems.add(row.number, ref.column, `${ref.column}: the rows name each other in a circle`);
        level = -1;
        break;
      }
      level = Math.max(level, below + 1);
    }
    path.delete(row);
    row.level = Math.max(level, 0);
    return level;
  };
  for (const row of pending) levelOf(row, new Set());
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => (a.row.level ?? 0) - (b.row.level ?? 0) || a.index - b.index)
    .map(({ row }) => row);
}

/** The ids of the sheet's rows a batch references, once written (by an earlier batch), put in place of their placeholders. */
async function fillSheetRefs(trx: AnyDb, importer: Importer, batch: readonly Prepared[]): Promise<void> {
  const refs = batch.flatMap((row) => row.sheetRefs ?? []);
  if (refs.length === 0) return;
  const key = importer.key[0]!;
  const codes = [...new Set(refs.map((ref) => String(ref.target!.input[key.name])))];
  const ids = new Map<string, number>();
  for (let i = 0; i < codes.length; i += BATCH)
    for (const found of await trx
      .selectFrom(importer.entity.table)
      .select(['id', `${key.column} as code`])
      .where(key.column, 'in', codes.slice(i, i + BATCH))
      .execute())
      ids.set(String(found.code), Number(found.id));
  for (const row of batch)
    for (const ref of row.sheetRefs ?? []) {
      const id = ids.get(String(ref.target!.input[key.name]));
      if (id === undefined) continue;
      const written = row.existing ? row.changed! : row.value!;
      if (!ref.line) written[ref.field] = id;
      else {
        const line = (written[ref.field] as Row[] | undefined)?.[ref.line.index];
        if (line) line[ref.line.field] = id;
      }
    }
}

/**
 * A new row whose key is digits only, while a stored row has those digits behind leading zeros
 * (`123` and `00123`): a spreadsheet read the code as a number and dropped its zeros. Refused with
 * both, rather than adding a second row.
 */
async function zerosDropped(
  db: AnyDb,
  importer: Importer,
  rows: readonly Prepared[],
  existing: ReadonlyMap<string, Row>,
  problems: Problems,
  headerOf: (field: string) => string,
): Promise<void> {
  const key = importer.key[0]!;
  if (importer.key.length !== 1 || key.kind !== 'text') return;
  const suspects = new Map<string, Prepared>();
  for (const row of rows) {
    const value = row.input[key.name];
    if (typeof value === 'string' && /^[1-9]\d*$/.test(value.trim()) && !existing.has(row.key))
      suspects.set(value.trim(), row);
  }
  const values = [...suspects.keys()];
  for (let i = 0; i < values.length; i += BATCH)
    for (const found of await db
      .selectFrom(importer.entity.table)
      .select(`${key.column} as code`)
      .where(key.column, 'like', '0%')
      .where(sql<string>`ltrim(${sql.ref(key.column)}, '0')`, 'in', values.slice(i, i + BATCH))
      .execute()) {
      const code = String(found.code);
      const row = suspects.get(code.replace(/^0+/, ''))!;
      const column = headerOf(key.name);
      problems.add(
        row.number,
        column,
        `${column} "${code.replace(/^0+/, '')}" is not stored, but "${code}" is: a spreadsheet dropped its leading zeros; format the column as text and type the code again`,
      );
    }
}

/** Each checked row's action (and an update's changes), in sheet order. */
function previewOf(rows: readonly Prepared[], keyText: (row: Prepared) => string): SheetRowPreview[] {
  return rows
    .filter((row) => row.action)
    .map((row) => ({
      row: row.number,
      key: keyText(row),
      action: ACTION_OF[row.action!],
      changes: row.changes ?? [],
    }))
    .sort((a, b) => a.row - b.row);
}

/**
 * A row's empty child lists are left out: a sheet has none, and each would cost the write path a
 * replace (100,000 rows are held). Built by a loop (`Object.fromEntries` of a filtered
 * `Object.entries` took 0.35 s of 100,000 rows), then copied by a spread: V8 keeps an object given
 * more than a dozen properties by computed names as a dictionary, 865 bytes for a product row here
 * against 223 for the spread's copy.
 */
function withoutEmptyLists(value: Row): Row {
  const out: Row = {};
  for (const name in value) {
    const v = value[name];
    if (!(Array.isArray(v) && v.length === 0)) out[name] = v;
  }
  return { ...out };
}

/** Unique values (other than the key) repeated in the sheet, or held by another stored row. */
async function checkUniques(
  db: AnyDb,
  importer: Importer,
  rows: Prepared[],
  problems: Problems,
  headerOf: (field: string) => string,
): Promise<void> {
  const keyNames = new Set(importer.key.map((f) => f.name));
  for (const field of importer.columns.filter((f) => f.unique === true && !keyNames.has(f.name))) {
    const owners = new Map<string, Prepared>();
    for (const row of rows) {
      const value = row.value?.[field.name];
      if (value === null || value === undefined) continue;
      const text = String(value);
      const first = owners.get(text);
      if (first)
        problems.add(
          row.number,
          headerOf(field.name),
          `${headerOf(field.name)} "${text}" is also on row ${first.number}`,
        );
      else owners.set(text, row);
    }
    const values = [...owners.keys()];
    for (let i = 0; i < values.length; i += BATCH) {
      const taken = await db
        .selectFrom(importer.entity.table)
        .select(['id', `${field.column} as value`])
        .where(field.column, 'in', values.slice(i, i + BATCH))
        .execute();
      for (const { id, value } of taken) {
        const row = owners.get(String(value))!;
        if (Number(id) !== row.existing?.id)
          problems.add(
            row.number,
            headerOf(field.name),
            `${headerOf(field.name)} "${String(value)}" is already used by another row`,
          );
      }
    }
  }
}

/** A stock-count-like import: checked row by row, then written (or, to validate, tried and rolled back) by the importer's own service. */
async function runCustom(
  ctx: AppContext,
  request: FastifyRequest,
  importer: Importer,
  file: ImportFile,
  prepared: Prepared[],
  problems: Problems,
  headerOf: (field: string) => string,
  commit: boolean,
  progress: (percent: number, within?: AnyDb) => Promise<void>,
  record: CommitRecord | undefined,
  preview: (rows: readonly Prepared[], lines: readonly RowOutcome[]) => SheetRowPreview[],
): Promise<SheetCounts> {
  const custom = importer.custom!;
  for (const row of prepared) {
    for (const field of importer.columns)
      if (field.required && row.input[field.name] == null && !problems.has(row.number, headerOf(field.name)))
        problems.add(row.number, headerOf(field.name), `${headerOf(field.name)} is required`);
    for (const issue of custom.check(row.input))
      if (!problems.has(row.number, headerOf(issue.field)))
        problems.add(row.number, headerOf(issue.field), issue.message);
  }
  const clean = prepared.filter((row) => !problems.rows.has(row.number));
  for (const issue of (await custom.verify?.(ctx, clean, file)) ?? [])
    if (!problems.has(issue.row, headerOf(issue.field))) problems.add(issue.row, headerOf(issue.field), issue.message);
  const outcome = (counts: CustomCounts, committed: boolean): SheetCounts => {
    const { rows, ...totals } = counts;
    return {
      total: prepared.length,
      processed: prepared.length,
      ...totals,
      errorCount: problems.list.length,
      errors: problems.list.sort((a, b) => a.row - b.row),
      committed,
      ...(rows ? { rows: preview(prepared, rows) } : {}),
    };
  };
  const none: CustomCounts = { inserted: 0, updated: 0, unchanged: 0 };
  if (problems.list.length > 0) return outcome(none, false);
  let counts: CustomCounts = none;
  try {
    await anyDb(ctx)
      .transaction()
      .execute(async (trx) => {
        await planEachRun(trx);
        counts = await custom.write(
          await jobWriter(ctx, trx, request, importer.entity),
          prepared.map((r) => r.input),
          { file, commit },
        );
        if (!commit) throw new RolledBack();
        await progress(99, trx);
        await record?.(trx, outcome(counts, true));
      });
  } catch (error) {
    if (error instanceof RolledBack) return outcome(counts, false);
    if (!(error instanceof ApiError)) throw error;
    problems.add(prepared[0]?.number ?? 1, '', error.message);
    return outcome(none, false);
  }
  return outcome(counts, true);
}

/** Ends a trial write: its transaction rolls back. */
class RolledBack extends Error {}
