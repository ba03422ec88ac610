import type { Fields } from './fields';

/**
 * The registry: every screen of the product declared once. The server derives its privilege rows and
 * menu from it, the console its routes. Screens that hold data carry their fields (EntityDef);
 * `normalise` turns each into a NormalisedEntity once, at load.
 */
export type ScreenKind =
  /** A list screen and a form screen. */
  | 'entity'
  /** A list screen only. */
  | 'list'
  /** One screen of its own. */
  | 'single'
  /** A spreadsheet importer. */
  | 'importer';

/** Optional modules that the `feature` screen switches on and off. */
export type FeatureKey = 'onlineOrdering' | 'membership' | 'commission' | 'vouchers';

export interface ScreenDef {
  /** DataRepository name and permission key; unique. */
  name: string;
  /** Menu route, no leading slash. */
  route: string;
  /** English menu text. */
  label: string;
  /** A Bootstrap Icons name. */
  icon: string;
  kind: ScreenKind;
  /** The resource family (`/api/{api}/{action}`) when it differs from the name. */
  api?: string;
  /** The module this screen belongs to, when it can be switched off. */
  feature?: FeatureKey;
  /** Export procedure offered by the data exporter for this screen. */
  exportProcedure?: string;
  /** Shown in the menu; false for screens reached from elsewhere (the shared list-value screen). */
  inMenu?: boolean;
}

/** `'code'` ascending, `'-date'` descending, or spelled out. */
export type SortDef = string | { field: string; direction: 'asc' | 'desc' };

/** A screen (or a non-menu table) with data: the declaration every generic part is derived from. */
export interface EntityDef extends ScreenDef {
  fields: Fields;
  /** SQL table name, PostgreSQL-safe (`app_user` for user); default: the name. */
  table?: string;
  /** Default list columns; default: fields flagged `listColumn`, else a sensible subset. */
  listColumns?: readonly string[];
  /** Default: code, else name, else newest first. */
  defaultSort?: SortDef;
  /** What a dropdown of this entity shows (fields joined by " - "); value is always the id. */
  dropdown?: { label: string | readonly string[]; value?: 'id' };
  /**
   * Fields the list's quick search (and the dropdown's) looks in: text fields, and references — a
   * reference finds the rows whose referenced row its target's own quick search or palette exact
   * fields find (a movement by its product's code, name or barcode). Default: code, name, title and
   * unique text fields; for an entity with none of those, its references.
   */
  searchFields?: readonly string[];
  /**
   * The quick search over `searchFields` is served by an index of parts of words (a trigram index
   * on PostgreSQL, FTS5 with the trigram tokenizer on SQLite), for tables that grow large.
   */
  searchIndex?: boolean;
  /**
   * The command palette (`GET api/Search`) finds rows of this entity for callers who may view it:
   * by any part of `fields` (default `searchFields`, served by the search index), and by the whole
   * value of `exact` fields — unique ones, so an index finds them; a child table's as
   * `children.field` (`alternateBarcodes.barcode`). A result is titled by the dropdown label.
   */
  palette?: PaletteDef;
  /**
   * Read-only figures the server works out for each row it answers (a product's stock on hand at
   * the caller's outlets): no column, never written, neither filtered nor sorted by; the console
   * shows them beside the row's fields. Each has a server module that computes it for a page of rows.
   */
  computed?: Fields;
  /** Privilege that governs it; default: the name. Non-menu tables name the screen they belong to. */
  permission?: string;
  /** The table has an `isActive` flag (default true on insert). */
  hasIsActive?: boolean;
  /** Written only by domain services (audit log, price history); the generic API only reads it. */
  readOnly?: boolean;
  /** Adds version/createdAt/By/updatedAt/By (default true). */
  systemFields?: boolean;
  /** Pairs [from, to] where `to` may not be before `from` when both are given. */
  ranges?: readonly (readonly [string, string])[];
  /**
   * How the form groups its fields, in order (product: Basics, Pricing, Inventory…). Fields named
   * in no section follow in a last section of their own. Default: one section of every field.
   */
  sections?: readonly FormSectionDef[];
}

export interface PaletteDef {
  fields?: readonly string[];
  exact?: readonly string[];
}

/** One group of a form's fields; `name` is also its label's translation key (`sections.{name}`). */
export interface FormSectionDef {
  name: string;
  label: string;
  fields: readonly string[];
}

export interface MenuGroupDef {
  key: string;
  label: string;
  icon: string;
  screens: ScreenDef[];
  /** Tables of this group that are no menu screen (price history, outlet prices, …). */
  entities?: EntityDef[];
}

type Options = Partial<Omit<ScreenDef, 'name' | 'label' | 'icon' | 'kind'>>;
type EntityOptions = Options & Omit<EntityDef, keyof ScreenDef>;

interface Define {
  (name: string, label: string, icon: string, options: EntityOptions): EntityDef;
  (name: string, label: string, icon: string, options?: Options): ScreenDef;
}

const define = (kind: ScreenKind): Define =>
  ((name: string, label: string, icon: string, options: Options | EntityOptions = {}) => ({
    name,
    route: name,
    label,
    icon,
    kind,
    ...options,
  })) as Define;

export const entity = define('entity');
export const list = define('list');
export const single = define('single');

/** A table that is no menu screen of its own (kind 'list' when read-only, else 'entity'). */
export const model = (name: string, label: string, options: EntityOptions): EntityDef => ({
  name,
  route: name,
  label,
  icon: 'table',
  kind: options.readOnly ? 'list' : 'entity',
  inMenu: false,
  ...options,
});

export const hasFields = (screen: ScreenDef): screen is EntityDef =>
  'fields' in screen && typeof (screen as EntityDef).fields === 'object';
export const importer = (kind: string, label: string): ScreenDef => ({
  name: `importer/${kind}`,
  route: `importer/${kind}`,
  label,
  icon: 'file-earmark-arrow-up',
  kind: 'importer',
});
