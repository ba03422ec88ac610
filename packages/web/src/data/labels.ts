import { findEntity, type NormalisedField } from '@backroom/schema';
import { dataApi } from './api';

/** The entity whose rows a reference, multi-reference or list-value field holds ids of. */
export const targetOf = (field: NormalisedField): string | undefined =>
  field.kind === 'reference' || field.kind === 'multireference'
    ? field.entity
    : field.kind === 'listvalue'
      ? 'listvalue'
      : undefined;

/** The most ids one lookup asks for (the fetch's own page limit is far above it). */
export const LOOKUP_LIMIT = 500;

/**
 * Labels of rows of one entity by id, in one call: the entity's dropdown asked for exactly those
 * ids, inactive rows included. The server opens it to whoever may view the entity or a screen that
 * refers to it, and filters the rows, so an id the caller may not see gets no label.
 */
export async function lookupLabels(
  entityName: string,
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)].slice(0, LOOKUP_LIMIT);
  if (!findEntity(entityName) || wanted.length === 0) return new Map();
  const options = await dataApi.dropdown(entityName, '', wanted.length, signal, { ids: wanted });
  return new Map(options.map((o) => [Number(o.value), o.label]));
}

/** Positive integer ids among the values (form and audit values may be numbers or digit strings). */
export function idsIn(values: readonly unknown[]): number[] {
  const out = new Set<number>();
  for (const value of values) {
    const id =
      typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
    if (Number.isSafeInteger(id) && id > 0) out.add(id);
  }
  return [...out].sort((a, b) => a - b);
}

/** What a value shows when its row's label is not known to the caller: the id, marked as one. */
export const unlabelled = (id: unknown) => `#${String(id)}`;
