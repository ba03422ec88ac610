import type { NormalisedEntity } from '@backroom/schema';
import type { TFunction } from 'i18next';
import type { ApiRow } from '../data/api';

/** The words a record is known by: its drop-down label fields ("ACC-001 · Canvas Tote Bag"). */
export const recordName = (entity: NormalisedEntity, row: ApiRow | undefined) =>
  row
    ? entity.dropdown.label
        .map((name) => row[name])
        .filter((v) => v !== null && v !== undefined && v !== '')
        .join(' · ')
    : '';

const capital = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * A form's heading in the record's own words: "New delivery order", "Edit product ACC-001 · Canvas
 * Tote Bag", and for a reader who may not change it "Product ACC-001 · Canvas Tote Bag" (no "Edit").
 * `title` (the screen's name) is only the fallback of an entity without a record word.
 */
export function formHeading(
  t: TFunction,
  {
    entity,
    title,
    mode,
    row,
    canEdit,
  }: { entity: NormalisedEntity; title: string; mode: 'add' | 'edit'; row?: ApiRow; canEdit: boolean },
): string {
  const record = t(`records.${entity.name}`, { defaultValue: title });
  const name = recordName(entity, row);
  if (mode === 'add') return t('form.newRecord', { record });
  if (!canEdit) return name ? t('form.viewRecord', { record: capital(record), name }) : capital(record);
  return name ? t('form.editRecord', { record, name }) : t('form.editTitle', { title: record });
}
