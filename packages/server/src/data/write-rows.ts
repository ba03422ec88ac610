import { rowRuleIssues, type NormalisedEntity } from '@backroom/schema';
import { ApiError, validationError } from '../http/envelope';
import { assertOutletsWritable } from './access';
import { recordAudits } from './audit';
import { insertMany } from './insert-many';
import { assertSecretsStayHome } from './secret-address';
import { changesNothing } from './unchanged';
import { insertedApiRows, storedRows, toApiRows } from './read';
import type { Row } from './store';
import {
  STALE_MESSAGE,
  checkPlainUniques,
  checkReferences,
  checkScopedUniques,
  exclusiveFlags,
  hasScopedUniques,
  columnsOf,
  moveExclusiveFlags,
  noRows,
  perRow,
  runAfterMany,
  runBeforeMany,
  sentSecrets,
  validated,
  visibleIds,
  writeRelated,
  type RowErrors,
  type Writer,
  type Written,
} from './write';

export interface WriteOptions {
  /** Answer the rows with their `{field}Label` texts (default true). */
  labels?: boolean;
  /**
   * The inputs are already the registry's validation output for this entity (`validateRow`: an
   * import checks every row before it writes any), so they are not validated again.
   */
  validated?: boolean;
}

/** One row of a batch: a new row, or `{id, version, …changed fields}` of a stored one. */
export interface RowWrite {
  action: 'insert' | 'update';
  input: unknown;
}

/**
 * An error of the batch's row `index`: its fields prefixed `{index}.`, its message `Row {index}: …`,
 * or `Row {index} (id {id}): …` for a row that names its id (as the bulk verbs answer).
 */
export function rowError(index: number, error: ApiError, id?: unknown): ApiError {
  const errors = (error.errors ?? [{ field: '', message: error.message }]).map((e) => ({
    field: e.field ? `${index}.${e.field}` : String(index),
    message: e.message,
  }));
  return new ApiError(error.status, `${rowName(index, id)}: ${error.message}`, errors);
}

const rowName = (index: number, id: unknown) => (typeof id === 'number' ? `Row ${index} (id ${id})` : `Row ${index}`);

/** The row a batch error names (the index its first field starts with), or undefined. */
export function failedRow(error: ApiError): number | undefined {
  const match = /^(\d+)(?:\.|$)/.exec(error.errors?.[0]?.field ?? '');
  return match ? Number(match[1]) : undefined;
}

/** A step of the whole batch whose errors already carry the row index (`{index}.{field}`): its message names the row too. */
async function batchCheck<T>(idOf: (index: number) => unknown, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const row = error instanceof ApiError ? failedRow(error) : undefined;
    if (row === undefined) throw error;
    throw new ApiError(
      (error as ApiError).status,
      `${rowName(row, idOf(row))}: ${(error as ApiError).message}`,
      (error as ApiError).errors,
    );
  }
}

function atRow<T>(named: RowErrors, index: number, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw error instanceof ApiError ? named(index, error) : error;
  }
}

/**
 * Writes many rows of one entity in the writer's transaction, set-based: the same steps as
 * `insertRow` / `updateRow` — validation, the caller's row limits, versions, rules between fields,
 * references, unique values, the hooks (their batch form where they have one), exclusive flags,
 * child lists and links, audit — each done once for the whole batch (multi-row inserts, one
 * query per check) instead of once per row. Any error names its row (`{index}.{field}`) and, the
 * transaction being the caller's, leaves nothing written. An update that changes nothing is
 * answered as stored and writes nothing. Answers the stored rows, in order.
 */
export async function writeRows(
  w: Writer,
  entity: NormalisedEntity,
  writes: readonly RowWrite[],
  options: WriteOptions = {},
): Promise<Row[]> {
  const idOf = (index: number): unknown => (writes[index]?.input as Row | null | undefined)?.id;
  const named: RowErrors = (index, error) => rowError(index, error, idOf(index));
  const rows = options.validated
    ? writes.map((write) => write.input as Row)
    : writes.map((write, i) => atRow(named, i, () => validated(entity, write.input, write.action)));
  const updateIds = rows.flatMap((row, i) => (writes[i]!.action === 'update' ? [row.id as number] : []));
  const befores = new Map<number, Row>();
  if (updateIds.length > 0) {
    const visible = await visibleIds(w, entity, updateIds);
    const missing = updateIds.findIndex((id) => !visible.has(id));
    if (missing >= 0)
      throw named(
        writes.findIndex((_, i) => rows[i]!.id === updateIds[missing]),
        noRows(entity, [updateIds[missing]!]),
      );
    await assertOutletsWritable(w.request, w.trx, entity, updateIds);
    for (const row of await toApiRows(w.ctx, w.trx, entity, await storedRows(w.trx, entity, updateIds), {
      labels: false,
    }))
      befores.set(row.id as number, row);
  }
  const seen = new Set<number>();
  const written: Written[] = rows.map((sent, i) => {
    if (writes[i]!.action === 'insert') return { prefix: `${i}.`, row: sent, id: null, current: null };
    const { id, version, ...row } = sent;
    const before = befores.get(id as number)!;
    atRow(named, i, () => {
      // The same row twice in one batch: the second one's version is stale, as it would be one write later.
      if (seen.has(id as number) || (entity.systemFields && before.version !== version))
        throw new ApiError(409, STALE_MESSAGE);
      assertSecretsStayHome(entity, before, row);
      const broken = rowRuleIssues(entity, { ...before, ...row });
      if (broken.length > 0)
        throw validationError(
          broken.map(({ field, message }) => ({ field, message })),
          broken[0]!.message,
        );
    });
    seen.add(id as number);
    return { prefix: `${i}.`, row, id: id as number, current: before };
  });
  await batchCheck(idOf, () => checkReferences(w, entity.fields, written));
  await batchCheck(idOf, () => checkPlainUniques(w, entity, written));
  for (const [i, one] of written.entries())
    if (hasScopedUniques(entity, one.row))
      await perRow(i, named, () => checkScopedUniques(w, entity, one.row, one.id, one.current));
  const extras = await runBeforeMany(
    w,
    entity,
    written.map((one, i) => ({
      action: writes[i]!.action,
      id: one.id,
      row: one.row,
      input: isRecord(writes[i]!.input) ? writes[i]!.input : {},
    })),
    named,
  );
  // An update that changes nothing (nor do the hooks) writes nothing, as in `updateRow`: it is answered as stored, and the steps below skip it.
  const changed = written.map(
    (one, i) =>
      one.current === null ||
      Object.keys(extras[i]!).length > 0 ||
      !changesNothing(entity.fields, one.current, one.row, w.ctx.dialect),
  );
  const live = written.flatMap((_, i) => (changed[i] ? [i] : []));
  if (exclusiveFlags(entity).length > 0)
    for (const i of live) {
      const one = written[i]!;
      await perRow(i, named, () => moveExclusiveFlags(w, entity, one.id, one.current, { ...one.current, ...one.row }));
    }

  const system = (version: number) =>
    entity.systemFields ? { version, updated_at: w.now, updated_by: w.auth.userName } : {};
  const inserts = written.flatMap((one, i) => (one.id === null ? [i] : []));
  const created = { ...system(1), ...(entity.systemFields ? { created_at: w.now, created_by: w.auth.userName } : {}) };
  const insertedColumns = inserts.map((i) =>
    Object.assign(columnsOf(w, entity, written[i]!.row, null), created, extras[i]),
  );
  const newIds = await insertMany(w.trx, entity.table, insertedColumns);
  inserts.forEach((i, n) => (written[i]!.id = newIds[n]!));
  for (const [i, one] of written.entries()) {
    if (writes[i]!.action !== 'update' || !changed[i]) continue;
    const version = rows[i]!.version as number;
    const set: Row = { ...columnsOf(w, entity, one.row, one.current), ...extras[i], ...system(version + 1) };
    if (Object.keys(set).length === 0) continue;
    let query = w.trx.updateTable(entity.table).set(set).where('id', '=', one.id);
    if (entity.systemFields) query = query.where('version', '=', version);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw named(i, new ApiError(409, STALE_MESSAGE));
  }

  const ids = written.map((one) => one.id!);
  await writeRelated(
    w,
    entity.fields,
    live.map((i) => ({ id: written[i]!.id!, row: written[i]!.row })),
  );
  await assertOutletsWritable(w.request, w.trx, entity, ids);
  const afters = new Map<number, Row>();
  // An inserted row is what was written; an updated one is read back (the stored row with the change).
  const inserted = await insertedApiRows(
    w.ctx,
    w.trx,
    entity,
    inserts.map((i, n) => ({ id: newIds[n]!, stored: insertedColumns[n]!, sent: written[i]!.row })),
  );
  const updated = await toApiRows(w.ctx, w.trx, entity, await storedRows(w.trx, entity, updateIds), { labels: false });
  for (const row of [...inserted, ...updated]) afters.set(row.id as number, row);
  for (const action of ['insert', 'update'] as const) {
    const these = written.filter((_, i) => writes[i]!.action === action && changed[i]);
    await recordAudits(
      w,
      action,
      these.map((one) => ({
        id: one.id!,
        before: one.current,
        after: afters.get(one.id!)!,
        sentSecrets: sentSecrets(entity, one.row),
      })),
    );
  }
  await runAfterMany(
    w,
    entity,
    live.map((i) => ({
      action: writes[i]!.action,
      id: written[i]!.id!,
      before: written[i]!.current,
      after: afters.get(written[i]!.id!)!,
    })),
    (n, error) => named(live[n]!, error),
  );
  if (options.labels === false) return ids.map((id) => afters.get(id)!);
  const labelled = new Map(
    (await toApiRows(w.ctx, w.trx, entity, await storedRows(w.trx, entity, ids))).map((row) => [row.id as number, row]),
  );
  return ids.map((id) => labelled.get(id)!);
}

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
