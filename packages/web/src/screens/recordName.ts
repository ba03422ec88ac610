import type { NormalisedEntity } from '@backroom/schema';
import type { ApiRow } from '../data/api';

/** The words a record is known by: its drop-down label fields ("ACC-001 · Canvas Tote Bag"). */
export const recordName = (entity: NormalisedEntity, row: ApiRow | undefined) =>
  row
    ? entity.dropdown.label
        .map((name) => row[name])
        .filter((v) => v !== null && v !== undefined && v !== '')
        .join(' · ')
    : '';
