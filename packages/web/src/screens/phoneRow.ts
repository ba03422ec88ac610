import type { NormalisedEntity, NormalisedField } from '@backroom/schema';
import { isNumericKind } from '../fields/format';
import type { PhoneRowFields } from './webModule';

/** The fields of a list's row on a phone, as fields. */
export interface PhoneRow {
  title: NormalisedField[];
  code: NormalisedField[];
  end: NormalisedField[];
  detail: NormalisedField[];
}

/** A code: a unique text that names a row (a product's SKU, an order's number). */
const isCode = (field: NormalisedField) => field.kind === 'text' && Boolean(field.unique);

/**
 * What a list's row shows on a phone: the feature's choice when it made one (`phoneRows`), else,
 * from the columns shown, the row's name in bold with its code beside it (its dropdown label), up
 * to two figures at the end (money first), and up to two other columns on a small second line.
 */
export function phoneRowOf(
  entity: NormalisedEntity,
  shown: readonly NormalisedField[],
  chosen?: PhoneRowFields,
): PhoneRow {
  const byName = (names: readonly string[] | undefined) =>
    (names ?? []).flatMap((name) => [...entity.fields, ...entity.computed].find((f) => f.name === name) ?? []);
  if (chosen)
    return {
      title: byName(chosen.title),
      code: byName(chosen.code),
      end: byName(chosen.end),
      detail: byName(chosen.detail),
    };
  const label = byName(entity.dropdown.label);
  const names = label.filter((f) => !isCode(f));
  const title = names.length > 0 ? names : label;
  const code = label.filter((f) => !title.includes(f));
  const used = new Set([...title, ...code]);
  const figures = shown.filter((f) => !used.has(f) && isNumericKind(f));
  const end = [...figures.filter((f) => f.kind === 'money'), ...figures.filter((f) => f.kind !== 'money')].slice(0, 2);
  const detail = shown.filter((f) => !used.has(f) && !isNumericKind(f) && f.kind !== 'boolean').slice(0, 2);
  return { title, code, end, detail };
}
