import { findEntity, type NormalisedEntity, type NormalisedField } from '@backroom/schema';
import { apiFailure, dataApi, type ApiRow } from './api';

/** The entity whose rows a reference, multi-reference or list-value field holds ids of. */
export const targetOf = (field: NormalisedField): string | undefined =>
  field.kind === 'reference' || field.kind === 'multireference' ? field.entity : field.kind === 'listvalue' ? 'listvalue' : undefined;

/** A row's label as the server's dropdown writes it: its label fields joined by " - ", a reference among them by its own label. */
export function dropdownLabel(entity: NormalisedEntity, row: ApiRow): string {
  return entity.dropdown.label
    .map((name) => {
      const value = row[`${name}Label`] ?? row[name];
      return value === null || value === undefined ? '' : String(value);
    })
    .filter((part) => part !== '')
    .join(' - ');
}

/** The most ids one lookup asks for (the fetch's own page limit is far above it). */
export const LOOKUP_LIMIT = 500;

/**
 * Labels of rows of one entity by id, in one call: a fetch of exactly those ids, inactive rows
 * included. Without view on the entity itself (a product editor who may not open list values) its
 * dropdown answers instead, which the server opens to whoever may view a referring screen. Either
 * way the server filters the rows, so an id the caller may not see gets no label.
 */
export async function lookupLabels(entityName: string, ids: readonly number[], signal?: AbortSignal): Promise<Map<number, string>> {
  const entity = findEntity(entityName);
  const wanted = [...new Set(ids)].slice(0, LOOKUP_LIMIT);
  if (!entity || wanted.length === 0) return new Map();
  try {
    const { rows } = await dataApi.fetch(
      entity.name,
      { Skip: 0, Take: wanted.length, filters: [{ ColumnName: 'id', ColumnValue: wanted.join(','), Operator: 'IN' }] },
      signal,
    );
    return new Map(rows.map((row) => [Number(row.id), dropdownLabel(entity, row)]));
  } catch (error) {
    if (apiFailure(error).status !== 403) throw error;
    const options = await dataApi.dropdown(entity.name, '', 1000, signal);
    const want = new Set(wanted);
    return new Map(options.filter((o) => want.has(Number(o.value))).map((o) => [Number(o.value), o.label]));
  }
}

/** Positive integer ids among the values (form and audit values may be numbers or digit strings). */
export function idsIn(values: readonly unknown[]): number[] {
  const out = new Set<number>();
  for (const value of values) {
    const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
    if (Number.isSafeInteger(id) && id > 0) out.add(id);
  }
  return [...out].sort((a, b) => a - b);
}

/** What a value shows when its row's label is not known to the caller: the id, marked as one. */
export const unlabelled = (id: unknown) => `#${String(id)}`;
