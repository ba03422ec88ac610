import {
  FIELD_KINDS,
  LIST_VALUE_CATEGORIES,
  SCALED_KINDS,
  humanize,
  scaleOf,
  snakeCase,
  type ChildTableField,
  type FieldDef,
  type FieldKind,
  type Fields,
} from './fields';
import { parseScaled } from './money';
import {
  hasFields,
  type EntityDef,
  type FormSectionDef,
  type MenuGroupDef,
  type PaletteDef,
  type ScreenDef,
} from './types';

/** Options every normalised field has, filled. */
export interface ResolvedOptions {
  name: string;
  label: string;
  required: boolean;
  unique: boolean | readonly string[];
  readOnly: boolean;
  hidden: boolean;
  listColumn: boolean;
  filterable: boolean;
  sortable: boolean;
  /** id, isActive, version, createdAt/By, updatedAt/By (and id of child rows). */
  system: boolean;
  /** Added at run time from a `customfield` row; stored in the row's `customFields` JSON column. */
  custom: boolean;
  /** SQL column (none for children and multireference, which live in their own tables). */
  column: string;
}

/** Columns every child table has besides its fields' (and `id`). */
export const CHILD_PARENT_COLUMN = 'parent_id';
/** The row's index in the parent's array, so child rows keep their order. */
export const CHILD_ORDER_COLUMN = 'line_no';
/** Columns of a multireference link table. */
export const LINK_COLUMNS = { parent: 'parent_id', ref: 'ref_id' } as const;

export interface NormalisedChildTable
  extends Omit<ChildTableField, 'fields' | 'table' | keyof ResolvedOptions>, ResolvedOptions {
  /** `id` first, then the declared fields; the table also has parent_id and line_no. */
  fields: readonly NormalisedField[];
  table: string;
  maxRows: number;
}

export type NormalisedField = (Exclude<FieldDef, ChildTableField> & ResolvedOptions) | NormalisedChildTable;

export interface SortSpec {
  field: string;
  direction: 'asc' | 'desc';
}

export interface NormalisedEntity extends ScreenDef {
  /** Declared fields plus system fields, in form order. */
  fields: readonly NormalisedField[];
  table: string;
  listColumns: readonly string[];
  defaultSort: SortSpec;
  dropdown: { label: readonly string[]; value: 'id' };
  searchFields: readonly string[];
  searchIndex: boolean;
  /** Found by the command palette; undefined when it is not. */
  palette?: { fields: readonly string[]; exact: readonly string[] };
  permission: string;
  hasIsActive: boolean;
  readOnly: boolean;
  systemFields: boolean;
  ranges: readonly (readonly [string, string])[];
  /** The form's field groups as declared (each field named once); empty when it declares none. */
  sections: readonly FormSectionDef[];
  /** Custom fields may extend it (editable list/form entities and singles). */
  customizable: boolean;
  /** Key of the menu group that declares it. */
  group: string | null;
  /** One of the menu `screens` (false for tables such as price history). */
  isScreen: boolean;
  /** Figures the server adds to each row it answers (`EntityDef.computed`): read-only, no column, no filter or sort. */
  computed: readonly NormalisedField[];
}

const NAME = /^[a-z][a-zA-Z0-9]*$/;
const TABLE = /^[a-z][a-z0-9_]*$/;
/** Reserved words of PostgreSQL and SQLite that could plausibly become a table name here. */
const RESERVED = new Set(
  'all analyse analyze and any array as asc both case cast check collate column constraint create current_user default desc distinct do else end except false fetch for foreign from grant group having in index initially intersect into is join key leading limit not null offset on only or order placing primary references returning select session_user some symmetric table then to trailing true union unique user using values variadic when where window with'.split(
    ' ',
  ),
);

/** Kinds that can be a list column, a filter and a sort by default. */
const COLUMN_KINDS: ReadonlySet<FieldKind> = new Set([
  'text',
  'number',
  'decimal',
  'money',
  'quantity',
  'percent',
  'boolean',
  'date',
  'datetime',
  'time',
  'enum',
  'listvalue',
  'reference',
]);
const SEARCH_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'longtext']);
const DEFAULT_LIST_COLUMNS = 6;

const fail = (entity: string, message: string, field?: string): never => {
  throw new Error(`Registry: entity "${entity}"${field ? `, field "${field}"` : ''}: ${message}`);
};

/** The palette's fields: searchable text; exact fields unique text of the entity or of one of its child tables. */
function normalisePalette(
  entity: string,
  def: PaletteDef,
  searchFields: readonly string[],
  known: (name: string, what: string) => NormalisedField,
): { fields: readonly string[]; exact: readonly string[] } {
  // The quick search's own list (not a copy): the search index serves exactly that list.
  const fields = def.fields ? [...def.fields] : searchFields;
  for (const name of fields)
    if (!SEARCH_KINDS.has(known(name, 'palette fields').kind)) fail(entity, 'only text fields can be searched', name);
  const exact = [...(def.exact ?? [])];
  for (const path of exact) {
    const [head, tail] = path.split('.');
    const owner = known(head!, 'palette exact');
    const field =
      tail === undefined ? owner : owner.kind === 'children' ? owner.fields.find((f) => f.name === tail) : undefined;
    if (!field || field.kind !== 'text' || field.unique !== true)
      fail(entity, 'palette exact fields are unique text fields, own or of a child table', path);
  }
  return { fields, exact };
}

const system = (name: string, def: FieldDef, label: string): [string, FieldDef, string] => [name, def, label];

function systemFields(def: EntityDef) {
  const head = [system('id', { kind: 'number', readOnly: true, filterable: true, sortable: true }, 'Id')];
  const active = system(
    'isActive',
    { default: true, listColumn: true, ...def.fields.isActive, kind: 'boolean' } as FieldDef,
    'Active',
  );
  const audit =
    def.systemFields === false
      ? []
      : [
          system('version', { kind: 'number', readOnly: true, hidden: true }, 'Version'),
          system('createdAt', { kind: 'datetime', readOnly: true }, 'Created at'),
          system('createdBy', { kind: 'text', readOnly: true }, 'Created by'),
          system('updatedAt', { kind: 'datetime', readOnly: true }, 'Updated at'),
          system('updatedBy', { kind: 'text', readOnly: true }, 'Updated by'),
        ];
  return { head, tail: [...(def.hasIsActive || def.fields.isActive ? [active] : []), ...audit] };
}

const isSystemName = (name: string) =>
  ['id', 'version', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'].includes(name);

function decimalBound(
  entity: string,
  name: string,
  field: FieldDef,
  bound: number | string | undefined,
  which: string,
) {
  if (bound === undefined || !SCALED_KINDS.has(field.kind)) return;
  const parsed = parseScaled(bound, scaleOf(field as Extract<FieldDef, { kind: 'money' }>));
  if (!parsed.ok)
    fail(entity, `${which} ${String(bound)} is not a decimal with at most ${scaleOf(field as never)} places`, name);
}

/** Fills one field's options and checks what can be checked without the other entities. */
export function normaliseField(
  entity: string,
  name: string,
  def: FieldDef,
  table: string,
  flags: { system?: boolean; custom?: boolean; label?: string } = {},
): NormalisedField {
  if (!NAME.test(name)) fail(entity, 'field names are camelCase letters and digits', name);
  if (!def || !FIELD_KINDS.includes(def.kind)) fail(entity, `unknown kind "${String(def?.kind)}"`, name);
  const columnKind = COLUMN_KINDS.has(def.kind) && !('multiple' in def && def.multiple);
  const resolved: ResolvedOptions = {
    name,
    label: def.label ?? flags.label ?? humanize(name),
    required: def.required ?? false,
    unique: def.unique ?? false,
    readOnly: def.readOnly ?? false,
    hidden: def.hidden ?? false,
    listColumn: def.listColumn ?? false,
    filterable: def.filterable ?? (columnKind || def.kind === 'multireference'),
    sortable: def.sortable ?? columnKind,
    system: flags.system ?? false,
    custom: flags.custom ?? false,
    column:
      def.column ?? (def.kind === 'reference' || def.kind === 'listvalue' ? `${snakeCase(name)}_id` : snakeCase(name)),
  };
  if (!TABLE.test(resolved.column))
    fail(entity, `column "${resolved.column}" must be lower-case letters, digits and _`, name);
  switch (def.kind) {
    case 'enum':
      if (!Array.isArray(def.values) || def.values.length === 0) fail(entity, 'an enum needs values', name);
      if (new Set(def.values).size !== def.values.length) fail(entity, 'enum values repeat', name);
      if (
        def.default !== undefined &&
        !(def.multiple
          ? (def.default as string[]).every((v) => def.values.includes(v))
          : def.values.includes(def.default as string))
      )
        fail(entity, `default ${JSON.stringify(def.default)} is not one of the values`, name);
      break;
    case 'listvalue':
      if (!flags.custom && !(LIST_VALUE_CATEGORIES as readonly string[]).includes(def.category))
        fail(
          entity,
          `unknown list value category "${def.category}" (seeded: ${LIST_VALUE_CATEGORIES.join(', ')})`,
          name,
        );
      break;
    case 'secret':
      if (def.listColumn || def.filterable || def.sortable || def.unique)
        fail(entity, 'a secret cannot be a list column, filter, sort or unique', name);
      resolved.hidden = true;
      break;
    case 'number':
    case 'text':
    case 'longtext': {
      const [min, max] = def.kind === 'number' ? [def.min, def.max] : [def.minLength, def.maxLength];
      if (min !== undefined && max !== undefined && min > max)
        fail(entity, `minimum ${min} exceeds maximum ${max}`, name);
      if ((def.kind === 'text' || def.kind === 'longtext') && def.pattern !== undefined) {
        try {
          new RegExp(def.pattern);
        } catch {
          fail(entity, `pattern ${def.pattern} is not a regular expression`, name);
        }
      }
      break;
    }
    case 'decimal':
    case 'money':
    case 'quantity':
    case 'percent': {
      const scale = scaleOf(def);
      if (!Number.isInteger(scale) || scale < 0 || scale > 6) fail(entity, `scale ${scale} must be 0–6`, name);
      decimalBound(entity, name, def, def.min, 'minimum');
      decimalBound(entity, name, def, def.max, 'maximum');
      break;
    }
    case 'reference':
    case 'multireference':
      if (!def.entity) fail(entity, 'a reference names its entity', name);
      if (def.kind === 'multireference') {
        const linkTable = def.table ?? `${table}_${snakeCase(name)}`;
        checkTable(entity, linkTable, name);
        return { ...def, ...resolved, table: linkTable };
      }
      break;
    case 'children': {
      if (!def.fields || Object.keys(def.fields).length === 0) fail(entity, 'a child table needs fields', name);
      const childTable = def.table ?? `${table}_${snakeCase(name)}`;
      checkTable(entity, childTable, name);
      const children = [
        normaliseField(entity, 'id', { kind: 'number', readOnly: true, hidden: true }, childTable, {
          system: true,
          label: 'Id',
        }),
        ...Object.entries(def.fields).map(([childName, child]) => {
          if (
            isSystemName(childName) ||
            childName === 'parentId' ||
            childName === 'lineNo' ||
            snakeCase(childName) === CHILD_PARENT_COLUMN
          )
            fail(entity, `"${childName}" is a system field of child rows`, `${name}.${childName}`);
          return normaliseField(entity, `${childName}`, child, childTable);
        }),
      ];
      checkUniqueScopes(entity, children, name, ['parentId']);
      return {
        ...def,
        ...resolved,
        filterable: false,
        sortable: false,
        fields: children,
        table: childTable,
        maxRows: def.maxRows ?? 1000,
      };
    }
    default:
      break;
  }
  return { ...def, ...resolved } as NormalisedField;
}

function checkTable(entity: string, table: string, field?: string) {
  if (!TABLE.test(table) || table.length > 63)
    fail(entity, `table name "${table}" must be lower-case letters, digits and _ (≤ 63)`, field);
  if (RESERVED.has(table)) fail(entity, `table name "${table}" is an SQL reserved word`, field);
}

function checkUniqueScopes(
  entity: string,
  fields: readonly NormalisedField[],
  prefix?: string,
  implicit: readonly string[] = [],
) {
  const names = new Set([...fields.map((f) => f.name), ...implicit]);
  for (const f of fields) {
    if (Array.isArray(f.unique)) {
      for (const scope of f.unique)
        if (!names.has(scope))
          fail(entity, `unique scope "${scope}" is not a field`, prefix ? `${prefix}.${f.name}` : f.name);
    }
  }
}

const parseSort = (sort: EntityDef['defaultSort']): SortSpec | undefined =>
  sort === undefined
    ? undefined
    : typeof sort === 'string'
      ? sort.startsWith('-')
        ? { field: sort.slice(1), direction: 'desc' }
        : { field: sort, direction: 'asc' }
      : sort;

/**
 * One definition, defaults filled and checked on its own. References to other entities are
 * checked by `normaliseRegistry`, which also fills reference `labelField`s.
 */
export function normalise(def: EntityDef, group: string | null = null, isScreen = true): NormalisedEntity {
  const entity = def.name;
  if (!def.name || !/^[a-z][a-z0-9]*$/.test(def.name))
    fail(String(def.name), 'entity names are lower-case letters and digits');
  const table = def.table ?? def.name;
  checkTable(entity, table);
  const { head, tail } = systemFields(def);
  const declared = Object.entries(def.fields).filter(([name]) => name !== 'isActive');
  for (const [name] of declared)
    if (isSystemName(name)) fail(entity, 'is a system field; it is added by normalise', name);

  const fields: NormalisedField[] = [
    ...head.map(([name, f, label]) => normaliseField(entity, name, f, table, { system: true, label })),
    ...declared.map(([name, f]) => normaliseField(entity, name, f, table)),
    ...tail.map(([name, f, label]) => normaliseField(entity, name, f, table, { system: true, label })),
  ];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const known = (name: string, what: string) => {
    const f = byName.get(name);
    if (!f) fail(entity, `${what} names an unknown field`, name);
    return f!;
  };
  checkUniqueScopes(entity, fields);
  for (const f of fields) {
    const address = f.kind === 'secret' && f.address !== undefined ? byName.get(f.address) : undefined;
    if (f.kind === 'secret' && f.address !== undefined && !(address?.kind === 'text' && address.format === 'url'))
      fail(entity, `address "${f.address}" is not a web address field of the row`, f.name);
  }

  // List columns: explicit, else flagged, else the first few plain fields.
  let listColumns: string[];
  if (def.listColumns) {
    listColumns = [...def.listColumns];
    for (const name of listColumns) {
      const f = known(name, 'listColumns');
      if (f.hidden) fail(entity, 'is hidden or secret and cannot be a list column', name);
    }
  } else {
    const flagged = fields.filter((f) => def.fields[f.name]?.listColumn);
    const plain = fields.filter(
      (f) =>
        !f.system && !f.hidden && COLUMN_KINDS.has(f.kind) && !('multiple' in f && f.multiple) && f.kind !== 'longtext',
    );
    listColumns = (flagged.length > 0 ? flagged : plain.slice(0, DEFAULT_LIST_COLUMNS)).map((f) => f.name);
    if (byName.has('isActive') && !listColumns.includes('isActive')) listColumns.push('isActive');
  }
  const columnSet = new Set(listColumns);
  const withColumns = fields.map((f) => ({ ...f, listColumn: columnSet.has(f.name) }) as NormalisedField);

  const defaultSort =
    parseSort(def.defaultSort) ??
    (byName.has('code')
      ? { field: 'code', direction: 'asc' }
      : byName.has('name')
        ? { field: 'name', direction: 'asc' }
        : { field: 'id', direction: 'desc' });
  if (!known(defaultSort.field, 'defaultSort').sortable)
    fail(entity, 'defaultSort names a field that cannot be sorted', defaultSort.field);
  if (defaultSort.direction !== 'asc' && defaultSort.direction !== 'desc')
    fail(entity, `sort direction "${String(defaultSort.direction)}"`, defaultSort.field);

  const firstPlain = fields.find(
    (f) => !f.system && (f.kind === 'text' || f.kind === 'enum' || f.kind === 'reference' || f.kind === 'date'),
  );
  const dropdownLabel = def.dropdown
    ? typeof def.dropdown.label === 'string'
      ? [def.dropdown.label]
      : [...def.dropdown.label]
    : byName.has('name')
      ? ['name']
      : byName.has('code')
        ? ['code']
        : [firstPlain?.name ?? 'id'];
  for (const name of dropdownLabel) {
    const f = known(name, 'dropdown label');
    if (f.kind === 'secret' || f.kind === 'children' || f.kind === 'json')
      fail(entity, 'cannot be a dropdown label', name);
  }

  // Default: code, name, title and unique text; an entity with none of those (a ledger, a price per
  // outlet) is searched through its references: by its product's code or name, its location's…
  const ownSearch = fields
    .filter((f) => f.kind === 'text' && (['code', 'name', 'title'].includes(f.name) || f.unique === true))
    .map((f) => f.name);
  const searchFields = def.searchFields
    ? [...def.searchFields]
    : ownSearch.length > 0
      ? ownSearch
      : fields.filter((f) => f.kind === 'reference' && !f.custom && !f.hidden).map((f) => f.name);
  for (const name of searchFields) {
    const field = known(name, 'searchFields');
    if (!SEARCH_KINDS.has(field.kind) && field.kind !== 'reference')
      fail(entity, 'only text fields and references can be searched', name);
  }

  const palette = def.palette && normalisePalette(entity, def.palette, searchFields, known);

  const ranges = def.ranges ?? [];
  for (const [from, to] of ranges) {
    const a = known(from, 'ranges');
    const b = known(to, 'ranges');
    if (a.kind !== b.kind || !(SCALED_KINDS.has(a.kind) || ['number', 'date', 'datetime', 'time'].includes(a.kind)))
      fail(entity, `range ${from}–${to} needs two fields of one ordered kind`, to);
  }

  const sections = def.sections ?? [];
  const sectioned = new Set<string>();
  for (const section of sections)
    for (const name of section.fields) {
      known(name, `section ${section.name}`);
      if (sectioned.has(name)) fail(entity, 'is named in two form sections', name);
      sectioned.add(name);
    }

  const computed = Object.entries(def.computed ?? {}).map(([name, f]) => {
    if (byName.has(name)) fail(entity, 'is both a field and a computed figure', name);
    if (!SCALED_KINDS.has(f.kind) && f.kind !== 'number') fail(entity, 'a computed figure is a number', name);
    return {
      ...normaliseField(entity, name, f, table),
      readOnly: true,
      filterable: false,
      sortable: false,
      column: '',
    };
  });

  const readOnly = def.readOnly ?? false;
  return {
    ...def,
    route: def.route ?? def.name,
    fields: withColumns,
    table,
    listColumns,
    defaultSort,
    dropdown: { label: dropdownLabel, value: 'id' },
    searchFields,
    searchIndex: def.searchIndex ?? false,
    palette,
    permission: def.permission ?? def.name,
    hasIsActive: byName.has('isActive'),
    readOnly,
    systemFields: def.systemFields ?? true,
    ranges,
    sections,
    customizable: !readOnly && (def.kind === 'entity' || def.kind === 'list' || def.kind === 'single'),
    group,
    isScreen,
    computed,
  };
}

/** Definitions as the group modules declare them: menu screens with fields, then the groups' other tables. */
export function entityDefs(groups: readonly MenuGroupDef[]): { def: EntityDef; group: string; isScreen: boolean }[] {
  return groups.flatMap((group) => [
    ...group.screens.filter(hasFields).map((def) => ({ def, group: group.key, isScreen: true })),
    ...(group.entities ?? []).map((def) => ({ def, group: group.key, isScreen: false })),
  ]);
}

/** Normalises every definition and checks the registry as a whole; throws naming entity and field. */
export function normaliseRegistry(
  defs: readonly { def: EntityDef; group?: string | null; isScreen?: boolean }[],
  screenNames: readonly string[] = [],
): NormalisedEntity[] {
  const entities = defs.map(({ def, group, isScreen }) => normalise(def, group ?? null, isScreen ?? true));
  const byName = new Map<string, NormalisedEntity>();
  const tables = new Map<string, string>();
  const claim = (table: string, entity: string, field?: string) => {
    const other = tables.get(table);
    if (other) fail(entity, `table "${table}" is already used by ${other}`, field);
    tables.set(table, field ? `${entity}.${field}` : entity);
  };
  for (const e of entities) {
    if (byName.has(e.name)) fail(e.name, 'is declared twice');
    byName.set(e.name, e);
  }
  for (const e of entities)
    if (!e.isScreen && screenNames.includes(e.name)) fail(e.name, 'is both a menu screen and a table of its own');
  for (const e of entities) {
    claim(e.table, e.name);
    const visit = (fields: readonly NormalisedField[], prefix: string) => {
      for (const f of fields) {
        const path = prefix + f.name;
        if (f.kind === 'children') {
          claim(f.table, e.name, path);
          visit(f.fields, `${path}.`);
        }
        if (f.kind === 'multireference') claim(f.table!, e.name, path);
        if (f.kind === 'reference' || f.kind === 'multireference') {
          const target = byName.get(f.entity);
          if (!target) fail(e.name, `refers to unknown entity "${f.entity}"`, path);
          const labelField = f.labelField ?? target!.dropdown.label[0]!;
          const shown = target!.fields.find((t) => t.name === labelField);
          if (!shown) fail(e.name, `labelField "${labelField}" is not a field of ${f.entity}`, path);
          if (shown!.kind === 'secret') fail(e.name, `labelField "${labelField}" is a secret`, path);
          // The field object was created by normalise for this entity, so filling it in place is safe.
          (f as { labelField?: string }).labelField = labelField;
        }
      }
    };
    visit(e.fields, '');
  }
  return entities;
}

/** A field of an entity by name (custom fields included when the entity was extended). */
export const getField = (entity: Pick<NormalisedEntity, 'fields'>, name: string): NormalisedField | undefined =>
  entity.fields.find((f) => f.name === name);

/** An enum value as a person reads it: the registry's label for it, else its words (never its key). */
export function enumValueLabel(field: NormalisedField, value: string): string {
  const labels = field.kind === 'enum' ? field.valueLabels : undefined;
  return labels?.[value] ?? humanize(value);
}

/** A row's state as a person reads it ("Partially received", never `partiallyReceived`): its `status` value's label. */
export const statusLabel = (entity: { fields: readonly NormalisedField[] }, value: string): string =>
  enumValueLabel(fieldOf(entity, 'status', 'enum'), value);

/** A field the code relies on (of an entity or a child table), of the kind given: throws when the registry has no such field. */
export function fieldOf<K extends NormalisedField['kind']>(
  entity: { fields: readonly NormalisedField[] },
  name: string,
  kind?: K,
): Extract<NormalisedField, { kind: K }> {
  const field = getField(entity, name);
  if (!field || (kind && field.kind !== kind)) throw new Error(`Registry: no ${kind ?? ''} field ${name}`);
  return field as Extract<NormalisedField, { kind: K }>;
}

export type { Fields };
