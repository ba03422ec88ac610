import type { NormalisedEntity, NormalisedField } from '@backroom/schema';

export interface FormSection {
  /** Its label's key under `sections` (the entity's declared name), or `details`/`other`. */
  name: string;
  label: string;
  fields: NormalisedField[];
  /** Spans both columns: it holds a table, a long text or images, or it is the form's only section. */
  wide: boolean;
}

/** Inputs that need the whole width of a form. */
export const isWideField = (f: NormalisedField) =>
  f.kind === 'children' ||
  f.kind === 'json' ||
  f.kind === 'longtext' ||
  f.kind === 'multireference' ||
  f.kind === 'image' ||
  ('multiple' in f && Boolean(f.multiple));

/**
 * The shown fields grouped as the registry's sections say, in their order; fields no section names
 * (custom and system fields too) follow in a last "Other" section. Empty sections are left out.
 */
export function formSections(entity: NormalisedEntity, shown: readonly NormalisedField[]): FormSection[] {
  if (entity.sections.length === 0) return [{ name: 'details', label: 'Details', fields: [...shown], wide: true }];
  const byName = new Map(shown.map((f) => [f.name, f]));
  const placed = new Set(entity.sections.flatMap((s) => s.fields));
  const declared = entity.sections.map((s) => ({
    name: s.name,
    label: s.label,
    fields: s.fields.flatMap((n) => byName.get(n) ?? []),
  }));
  const rest = { name: 'other', label: 'Other', fields: shown.filter((f) => !placed.has(f.name)) };
  return [...declared, rest]
    .filter((s) => s.fields.length > 0)
    .map((s) => ({ ...s, wide: s.fields.some(isWideField) }));
}
