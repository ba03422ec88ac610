import {
  SCALED_KINDS,
  findEntity,
  scaleOf,
  type DecimalField,
  type NormalisedEntity,
  type NormalisedField,
} from '@backroom/schema';
import type { Row, SignedInServer } from '../../support/harness';
import type { TestServer } from '../../support/server';

export type { Row };

/** Privileges are the console's screens: the API edits them but never creates or deletes one. */
export const creatable = (entity: NormalisedEntity) => !entity.readOnly && entity.name !== 'privilege';

/** Values a domain hook checks beyond the field's format (a custom field must extend an entity that takes them). */
/** Values a field must have for the row to be what the generic tests send (a stock count of `all` would add every product's line). */
const DOMAIN_VALUES: Record<string, Row> = { customfield: { entity: 'guestbook' }, stockcount: { scope: 'products' } };

let counter = 0;
const next = () => ++counter;

const letters = (n: number, width: number) => {
  let out = '';
  for (let i = 0; i < width; i++, n = Math.floor(n / 26)) out = String.fromCharCode(65 + (n % 26)) + out;
  return out;
};

/** A text value that satisfies the field's format, pattern and length, unique by a counter. */
function textValue(field: Extract<NormalisedField, { kind: 'text' | 'longtext' }>): string {
  const n = next();
  switch (field.format) {
    case 'email':
      return `person${n}@example.com`;
    case 'url':
      return `https://example.com/${n}`;
    case 'phone':
      return `+65 6000 ${String(n).padStart(4, '0')}`;
    case 'colour':
      return '#1a2b3c';
    case 'timezone':
      return 'Asia/Singapore';
    default:
      break;
  }
  const candidates = [`v${n}`, `V${n}`, `Q${letters(n, 2)}`, `k${n}x`];
  const max = field.maxLength ?? 255;
  const fit = candidates.find(
    (c) => c.length <= max && (!field.pattern || new RegExp(`^(?:${field.pattern})$`).test(c)),
  );
  if (!fit) throw new Error(`no test value for ${field.name}`);
  return fit;
}

function decimalValue(field: DecimalField & { label: string }): string {
  const bound = field.min ?? 1;
  return Number(bound).toFixed(scaleOf(field));
}

/**
 * Builds valid rows from the registry's field definitions, creating referenced rows first through
 * the API (one per referenced entity, reused). Entities the API cannot create (privileges) are
 * referenced by an existing row.
 */
export class RowBuilder {
  private readonly made = new Map<string, number>();
  private readonly building = new Set<string>();

  constructor(
    private readonly t: TestServer,
    private readonly token: string,
  ) {}

  private async call<T>(path: string, body: unknown) {
    return this.t.call<T>('POST', path, { token: this.token, body });
  }

  /** The id of some row of the entity, created on first need. */
  async idOf(entityName: string): Promise<number> {
    const cached = this.made.get(entityName);
    if (cached) return cached;
    const entity = findEntity(entityName)!;
    let id: number;
    if (!creatable(entity)) {
      const res = await this.call<Row[]>(`/DataRepository/fetch/${entity.name}`, { Take: 1 });
      id = res.body.data[0]!.id as number;
    } else {
      id = (await this.insert(entity)).id as number;
    }
    this.made.set(entityName, id);
    return id;
  }

  async insert(entity: NormalisedEntity, overrides: Row = {}): Promise<Row> {
    const res = await this.call<Row>(`/DataRepository/Insert/${entity.name}`, {
      ...(await this.row(entity)),
      ...overrides,
    });
    if (res.status !== 200) throw new Error(`insert ${entity.name}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  private async listValue(category: string): Promise<number> {
    const key = `lv:${category}`;
    const cached = this.made.get(key);
    if (cached) return cached;
    const cat = await this.call<Row[]>('/DataRepository/fetch/listvaluecategory', {
      filters: [{ ColumnName: 'code', ColumnValue: category, Operator: 'EQ' }],
    });
    const values = await this.call<Row[]>('/DataRepository/fetch/listvalue', {
      filters: [{ ColumnName: 'category', ColumnValue: cat.body.data[0]!.id as number, Operator: 'EQ' }],
    });
    const id = values.body.data[0]!.id as number;
    this.made.set(key, id);
    return id;
  }

  /** The entity is being built (a reference cycle, or the entity itself) and has no row yet. */
  private pending(entity: string, owner: string) {
    return (this.building.has(entity) || entity === owner) && !this.made.has(entity);
  }

  async value(field: NormalisedField, owner: string, fresh = false): Promise<unknown> {
    switch (field.kind) {
      case 'text':
      case 'longtext':
        return textValue(field);
      case 'number':
        return Math.max(field.min ?? 1, Math.min(field.max ?? 1, 1));
      case 'decimal':
      case 'money':
      case 'quantity':
      case 'percent':
        return decimalValue(field);
      case 'boolean':
        // A flag only one row holds (the base currency) stays with its holder: a built row does not take it.
        return !field.exclusive;
      case 'date':
        return '2026-01-15';
      case 'datetime':
        return '2026-01-15T10:00:00.000Z';
      case 'time':
        return '09:00';
      case 'enum':
        return field.multiple ? [field.values[0]] : field.values[0];
      case 'listvalue':
        return this.listValue(field.category);
      case 'reference':
      case 'multireference': {
        // A reference back into an entity being built (a cycle, or the entity itself) is left blank.
        if (this.pending(field.entity, owner)) return field.kind === 'multireference' ? [] : null;
        const target = findEntity(field.entity)!;
        // A reference that must be unique (alone or within a scope) gets a row of its own.
        const id =
          fresh && creatable(target) ? ((await this.insert(target)).id as number) : await this.idOf(field.entity);
        return field.kind === 'multireference' ? [id] : id;
      }
      case 'image':
        return field.multiple ? ['files/a.png'] : 'files/a.png';
      case 'secret':
        return 'sk_live_abcd1234';
      case 'json':
        return { a: 1 };
      case 'children': {
        const cyclic = field.fields.some((f) => f.kind === 'reference' && f.required && this.pending(f.entity, owner));
        return cyclic ? [] : [await this.fields(field.fields, owner)];
      }
    }
  }

  private async fields(fields: readonly NormalisedField[], owner: string): Promise<Row> {
    const row: Row = {};
    const scoped = new Set(fields.flatMap((f) => (Array.isArray(f.unique) ? f.unique : [])));
    const referenced = new Set<string>();
    for (const field of fields) {
      if (field.system && field.name !== 'isActive') continue;
      if (field.readOnly) continue;
      // A custom field definition with required: true would make every later insert of its entity fail.
      if (owner === 'customfield' && field.name === 'required') continue;
      if (DOMAIN_VALUES[owner] && field.name in DOMAIN_VALUES[owner]) {
        row[field.name] = DOMAIN_VALUES[owner][field.name];
        continue;
      }
      // A second reference to the same entity (from and to) gets a row of its own, as people pick two.
      const again = field.kind === 'reference' && referenced.has(field.entity);
      if (field.kind === 'reference') referenced.add(field.entity);
      row[field.name] = await this.value(field, owner, Boolean(field.unique) || scoped.has(field.name) || again);
    }
    return row;
  }

  /** A valid insert body for the entity: every writable field filled. */
  async row(entity: NormalisedEntity): Promise<Row> {
    this.building.add(entity.name);
    try {
      return await this.fields(entity.fields, entity.name);
    } finally {
      this.building.delete(entity.name);
    }
  }
}

/** A field an update can change on any row of the entity, with a new value. */
export async function changeOf(builder: RowBuilder, entity: NormalisedEntity, row: Row): Promise<[string, unknown]> {
  const plain = entity.fields.find(
    (f) =>
      !f.system &&
      !f.readOnly &&
      !f.unique &&
      (f.kind === 'text' || f.kind === 'longtext') &&
      !f.format &&
      !f.pattern &&
      !(f.name in (DOMAIN_VALUES[entity.name] ?? {})),
  );
  if (plain) return [plain.name, await builder.value(plain, entity.name)];
  const flag = entity.fields.find((f) => !f.readOnly && f.kind === 'boolean' && !f.exclusive);
  if (flag) return [flag.name, !row[flag.name]];
  const decimal = entity.fields.find((f) => !f.readOnly && !f.unique && SCALED_KINDS.has(f.kind)) as
    (DecimalField & { name: string }) | undefined;
  // A value other than the stored one: an update to the same value changes nothing.
  if (decimal)
    return [
      decimal.name,
      [1, 2]
        .map((step) => (Number(decimal.min ?? 0) + step).toFixed(scaleOf(decimal)))
        .find((v) => v !== row[decimal.name]),
    ];
  const choice = entity.fields.find(
    (f): f is Extract<NormalisedField, { kind: 'enum' }> =>
      !f.readOnly && f.kind === 'enum' && !f.multiple && f.values.length > 1,
  );
  if (choice) return [choice.name, choice.values.find((v) => v !== row[choice.name])];
  throw new Error(`no field to change on ${entity.name}`);
}

/** For `useTestServer({ extend })`: a row builder acting as the signed-in administrator. */
export const withRowBuilder = (t: SignedInServer) => ({ builder: new RowBuilder(t, t.tokens.admin) });
