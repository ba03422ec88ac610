import type { NormalisedEntity } from '@backroom/schema';
import type { Row } from '../../data/store';
import type { Writer } from '../../data/write';
import type { PrivilegeAction } from '../../http/auth-guard';
import type { ScalarField } from './columns';

export interface TemplateOption {
  text: string;
  value: string;
  /** The columns of this option beyond the key; default every column. */
  columns?: readonly string[];
}

/** An importer: the registry entity it writes, the columns it reads, and what it means. */
export interface Importer {
  /** `product`, …, or `entity:{name}`. */
  type: string;
  label: string;
  entity: NormalisedEntity;
  /** Columns that match a sheet row to a stored row (its natural key). */
  key: ScalarField[];
  /** Every column it reads, key first, in form order. */
  columns: ScalarField[];
  /** The menu item whose view privilege it needs besides edit on the entity. */
  screen: string;
  options: readonly TemplateOption[];
  /** What the import does, for the template's instructions sheet and the docs. */
  meaning: string;
  /** An importer that writes through a domain service instead of the entity's generic write path. */
  custom?: {
    /** The privilege it needs instead of edit on the entity. */
    privilege: { screen: string; action: PrivilegeAction };
    /** Problems of one row (API form), beyond kinds and codes. */
    check(input: Row): { field: string; message: string }[];
    /** Writes every row in the writer's transaction; answers the counts. */
    write(w: Writer, rows: Row[]): Promise<{ inserted: number; updated: number; unchanged: number }>;
  };
}
