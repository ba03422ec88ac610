import type { BlankTemplateOption, NormalisedEntity, SheetRowAction, SheetValue } from '@backroom/schema';
import type { AppContext } from '../../context';
import type { Row } from '../../data/store';
import type { Writer } from '../../data/write';
import type { PrivilegeAction } from '../../http/auth-guard';
import type { ScalarField } from './columns';
import type { SheetFormat } from './read';
import type { SheetRow } from './cells';

/** The uploaded file an import reads. */
export interface ImportFile {
  path: string;
  format: SheetFormat;
  /** The mapping step before validation (`mapping.ts`): a known source read, headers mapped to fields. */
  mapped?: MappingStep;
}

/** What the import asks of the mapping step before validation (`mapping.ts`, `MappedSheet`). */
export interface MappingStep {
  /** The field a header is read into; null: the column is ignored. */
  fieldOf(header: string): ScalarField | null;
  /** The sheet's rows after the step, header first. */
  rows(input: AsyncIterable<SheetRow>): AsyncGenerator<SheetRow>;
  /** A validation's placeholder id for a row the commit creates first (a category, a parent). */
  plannedId(field: ScalarField, text: string): number | undefined;
  /** `prepare`'s problems without those about rows the commit creates first. */
  withoutPlanned(issues: RowIssue[]): RowIssue[];
}

/**
 * A sheet row as `prepare` gets it: its number, its API input, and for a reference to a row of the
 * same sheet not yet stored (a variant's parent further down), the referenced row's input by field.
 */
export interface PreparingRow {
  number: number;
  input: Row;
  refs?: Record<string, Row>;
  /**
   * For an importer whose entity references itself: the row of this sheet a line's cell names (by
   * SKU, name or handle), as a placeholder id the import replaces once that row is written, and its key.
   */
  sheetRow?(
    text: string,
    line: { list: string; index: number; field: string; column: string },
  ): { id: number; key: string } | undefined;
}

/** What a custom importer's write does (or, validating, would do) with one sheet row: its action and an update's changes (API values by field). */
export interface RowOutcome {
  action: SheetRowAction;
  changes?: { field: string; old: unknown; new: unknown }[];
}

/** A custom importer's counts, and per row (in the order given) its outcome, when it tells. */
export interface CustomCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  rows?: RowOutcome[];
}

/** A problem of one sheet row found by a custom importer, on the field (API name) it concerns. */
export interface RowIssue {
  row: number;
  field: string;
  message: string;
}

export interface TemplateOption extends BlankTemplateOption {
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
  /**
   * Turns the cells of columns that are not one registry value into the entity's API form, in
   * place (a product's variant attributes, `SIZE=M; COLOUR=RED`, into its attribute value list); answers the problems.
   */
  prepare?(ctx: AppContext, rows: readonly PreparingRow[]): Promise<RowIssue[]>;
  /** A value of a column `prepare` reads as the preview shows it (a variant's attribute list as `SIZE=M; COLOUR=RED`); set up by `prepare`. */
  shown?(field: string, value: unknown): SheetValue;
  /** An importer that writes through a domain service instead of the entity's generic write path. */
  custom?: {
    /** The privilege it needs instead of edit on the entity. */
    privilege: { screen: string; action: PrivilegeAction };
    /** Problems of one row (API form), beyond kinds and codes. */
    check(input: Row): { field: string; message: string }[];
    /** Problems against the stored rows and between rows (a recipe cycle, a barcode taken), of the rows `check` passed; before anything is written. */
    verify?(ctx: AppContext, rows: readonly { number: number; input: Row }[], file: ImportFile): Promise<RowIssue[]>;
    /**
     * Writes every row in the writer's transaction; answers the counts. Without `commit` the
     * transaction is rolled back afterwards: a write with effects outside it (stored files) leaves them out.
     */
    write(w: Writer, rows: Row[], run: { file: ImportFile; commit: boolean }): Promise<CustomCounts>;
  };
}
