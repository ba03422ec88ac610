import { createHash } from 'node:crypto';
import {
  MAPPING_REFUSALS,
  SOURCE_NOTES,
  findEntity,
  type SheetMapping,
  type SheetMappingOffer,
  type SheetMatch,
} from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { anyDb, inTransaction, type AnyDb, type Row } from '../../data/store';
import { insertRow, updateRow } from '../../data/write';
import { apiRow } from '../../data/read';
import { validationError } from '../../http/envelope';
import { jobWriter } from '../../jobs/acting-user';
import { assertPrivilege } from '../../http/auth-guard';
import { ensureBalances, move, onHand, stockProducts, thousandths, type StockDocument } from '../stock/index';
import { cellText, type CellValue, type SheetRow } from './cells';
import { normaliseHeader, type ScalarField } from './columns';
import { sql } from 'kysely';
import type { Importer, MappingStep, RowIssue } from './importer';
import { Lookups } from './lookups';
import { readSheet, type SheetFormat } from './read';
import type { SheetLimits } from './limits';
import {
  codeOf,
  compact,
  hasHeader,
  OPTIONS,
  type Source,
  type SourceOptions,
  type SourceWarning,
  type StockCell,
  type TagsTo,
} from './sources/source';
import { BUNDLE_HEADERS, BUNDLE_ITEMS, BUNDLE_ITEMS_LABEL, SheetBundles } from './bundle-rows';
import { shopify } from './sources/shopify';
import { square } from './sources/square';
import { loyverse } from './sources/loyverse';
import { odoo } from './sources/odoo';

/** Column header → field name, or null to ignore the column. */
export type Mapping = Record<string, string | null>;

export const SOURCES: readonly Source[] = [shopify, square, loyverse, odoo];

/** Headers other systems give a field (compared without case, spacing or punctuation). */
const SYNONYMS: Record<string, string[]> = {
  code: [
    'sku',
    'item code',
    'product code',
    'article number',
    'internal reference',
    'default code',
    'reference',
    'kod',
  ],
  name: ['title', 'product name', 'item name', 'product', 'item', 'nama'],
  description: ['body', 'body html', 'long description', 'details'],
  sellingPrice: ['price', 'retail price', 'sale price', 'sales price', 'list price', 'unit price', 'harga'],
  costPrice: ['cost', 'unit cost', 'cost per item', 'purchase cost', 'standard price', 'default unit cost'],
  compareAtPrice: ['compare at price', 'rrp', 'msrp', 'was price', 'original price'],
  barcode: ['ean', 'upc', 'gtin', 'ean13', 'variant barcode'],
  category: ['product category', 'categories', 'reporting category', 'kategori'],
  brand: ['vendor', 'manufacturer', 'make', 'jenama'],
  uom: ['unit', 'uom', 'unit of measure', 'units'],
  weight: ['weight', 'weight kg', 'mass'],
  tags: ['tags', 'keywords', 'labels'],
  imageUrls: ['image', 'image src', 'image url', 'images', 'picture'],
  taxable: ['taxable', 'tax enabled', 'charge tax'],
  listingStatus: ['status'],
  trackStock: ['track stock', 'track inventory', 'stockable'],
  parent: ['parent', 'parent sku', 'parent code'],
};

/** Headers a list export or a results file carries that no import reads. */
const SYSTEM_HEADERS = new Set([
  'id',
  'result',
  'message',
  'version',
  'createdat',
  'createdby',
  'updatedat',
  'updatedby',
]);

export type MatchedBy = SheetMatch;

export type ColumnSuggestion = SheetMappingOffer['columns'][number];

/** The field a header names by the field's name, English label or a synonym; null when none does. */
export function matchHeader(importer: Importer, header: string): { field: ScalarField; by: MatchedBy } | null {
  const key = compact(normaliseHeader(header));
  if (!key || SYSTEM_HEADERS.has(key)) return null;
  for (const field of importer.columns) if (compact(field.name) === key) return { field, by: 'name' };
  for (const field of importer.columns) if (compact(field.label) === key) return { field, by: 'label' };
  for (const field of importer.columns)
    if ((SYNONYMS[field.name] ?? []).some((s) => compact(s) === key)) return { field, by: 'synonym' };
  return null;
}

/** A file's kind for its saved mapping: the known source it is, else a signature of its headers. */
export const signatureOf = (headers: readonly string[]) =>
  `file:${createHash('sha256')
    .update(
      headers
        .map((h) => compact(h))
        .filter(Boolean)
        .sort()
        .join('|'),
    )
    .digest('hex')
    .slice(0, 16)}`;

export const sourceOf = (importer: Importer, headers: readonly string[]) =>
  SOURCES.find((s) => s.importType === importer.type && s.recognises(headers));

/** The fields a column may go into: the importer's columns, and a product sheet's bundle items. */
function fieldNames(importer: Importer): Set<string> {
  const names = new Set(importer.columns.map((f) => f.name));
  if (importer.type === 'product') names.add(BUNDLE_ITEMS);
  return names;
}

/**
 * A saved mapping's choice for a column, offered back: a field that no longer exists (a custom field
 * deleted since) is offered ignored and named as `lost`, else confirming the offer is refused.
 */
function savedChoice(saved: Mapping, header: string, names: Set<string>): ColumnSuggestion {
  const field = saved[header] ?? null;
  if (field !== null && !names.has(field)) return { header, field: null, by: 'saved', lost: field };
  return { header, field, by: 'saved' };
}

/** A `mapping` form field read and checked against the importer's columns: 400 naming the field. */
export function parseMapping(importer: Importer, text: string | undefined, name = 'mapping'): Mapping | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw validationError([{ field: name, message: `${name} is not JSON: send {"column header": "field" or null}` }]);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw validationError([{ field: name, message: `${name} is an object: {"column header": "field" or null}` }]);
  const names = fieldNames(importer);
  const out: Mapping = {};
  for (const [header, field] of Object.entries(parsed)) {
    if (field !== null && typeof field !== 'string')
      throw validationError([{ field: name, message: `${name} of "${header}" is a field name or null` }]);
    if (field !== null && !names.has(field))
      throw validationError([
        {
          field: name,
          message: MAPPING_REFUSALS.noSuchField({ column: header, field, what: importer.label.toLowerCase() }),
        },
      ]);
    if (field === BUNDLE_ITEMS && name === 'sourceMapping')
      throw validationError([{ field: name, message: MAPPING_REFUSALS.sourceBundles({ column: header }) }]);
    out[header] = field;
  }
  return out;
}

/** What a source import creates on the way: categories, brands, attributes with their values. */
export type Creates = SheetMapping['creates'];

/** What the mapping step did, as the job's status names it. */
export type MappingReport = SheetMapping;

/** Placeholder ids of rows a validation of a source file would create (a category, a parent further on): row ids are 32-bit, and no table comes near this. */
const PLANNED_BASE = 2_000_000_000;

const product = findEntity('product')!;
const LIST = 'variantAttributeValues';

/**
 * The mapping step before validation: the sheet's rows as the importer reads them. A file of a
 * known source is read through it (its rows become product rows, its headers the source's); any
 * other file keeps its rows and has each header mapped to a field — the mapping sent, else the one
 * saved for this kind of file, else by name, label or synonym — or ignored.
 */
export class MappedSheet implements MappingStep {
  readonly warnings: SourceWarning[] = [];
  private readonly warned = new Set<string>();
  readonly ignored: string[] = [];
  readonly applied: Mapping = {};
  readonly creates: Creates = { categories: [], brands: [], attributes: [], locations: [] };
  /** A source's quantities on hand by product code, from the last reading of its rows. */
  private stockByCode = new Map<string, StockCell[]>();
  /** On hand set (or to be set) per location, as the status reports it. */
  stock: { location: string; products: number }[] = [];
  /** Validation only: names of rows to be created, by field, with their placeholder ids. */
  private readonly planned = new Map<string, Map<string, number>>();
  private fields = new Map<string, ScalarField | null>();
  /** A product sheet's bundle rows, read aside (`bundle-rows.ts`). */
  readonly bundles = new SheetBundles();

  constructor(
    readonly importer: Importer,
    readonly source: Source | undefined,
    private readonly mapping: Mapping,
    private readonly options: SourceOptions,
  ) {}

  /** The field a header of the rows this step yields is read into; null: ignored. */
  fieldOf(header: string): ScalarField | null {
    const known = this.fields.get(header);
    if (known !== undefined) return known;
    const name = this.mapping[header];
    const field =
      name === null
        ? null
        : name !== undefined
          ? (this.importer.columns.find((f) => f.name === name) ?? null)
          : (matchHeader(this.importer, header)?.field ?? null);
    this.fields.set(header, field);
    if (field) this.applied[header] = field.name;
    else {
      this.applied[header] = null;
      this.ignored.push(header);
    }
    return field;
  }

  /** The sheet's rows after the mapping step, header first. */
  async *rows(input: AsyncIterable<SheetRow>): AsyncGenerator<SheetRow> {
    if (!this.source) {
      yield* this.withoutBundles(input);
      return;
    }
    // The header row decides which fields the source gives (a blank cell would clear a field on update).
    const iterator = input[Symbol.asyncIterator]();
    const ahead: SheetRow[] = [];
    let first: IteratorResult<SheetRow>;
    while (!(first = await iterator.next()).done) {
      ahead.push(first.value);
      if (first.value.cells.some((c) => cellText(c) !== null)) break;
    }
    const sourceHeaders = (ahead.at(-1)?.cells ?? []).map((c) => cellText(c) ?? '');
    // The user's edit of the recognised mapping: a column the source reads goes into another field, or is ignored.
    const readFrom = new Map<string, string>();
    const fields: string[] = [];
    const columns = this.source.columns(sourceHeaders);
    for (const name of new Set(this.source.fields(sourceHeaders))) {
      const column = columns[name];
      const sent = column && column !== 'Tags' && Object.hasOwn(this.mapping, column) ? this.mapping[column] : name;
      // A column the source reads into several fields (Square's Item Name: name and parent) is offered
      // with one of them: sent back as offered, it is no edit, and the source reads it into each.
      const edited = sent && columns[sent] === column ? name : sent;
      if (!edited || fields.includes(edited) || !this.importer.columns.some((f) => f.name === edited)) continue;
      fields.push(edited);
      readFrom.set(edited, name);
    }
    // Columns the source does not read that the user sent into a field (a metafield into a custom
    // field): read from the sheet row the source's row came from. Such a field is no longer the source's.
    const read = new Set(Object.values(columns).map(compact));
    const extras = new Map<string, number>();
    sourceHeaders.forEach((header, index) => {
      const name = header && !read.has(compact(header)) ? this.mapping[header] : undefined;
      if (!name || !this.importer.columns.some((f) => f.name === name) || extras.has(name)) return;
      extras.set(name, index);
      if (fields.includes(name)) fields.splice(fields.indexOf(name), 1);
    });
    const extraCells = new Map<number, CellValue[]>();
    async function* replayed(): AsyncGenerator<SheetRow> {
      for (const row of ahead) yield row;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        if (extras.size > 0)
          extraCells.set(
            next.value.number,
            [...extras.values()].map((i) => next.value.cells[i] ?? null),
          );
        yield next.value;
      }
    }
    // A header per field, unique: a source column read into two fields names the second by its label
    // too, and `Handle` (which the import reads as a row's handle) always.
    const headers: string[] = [];
    for (const [name, index] of extras) {
      fields.push(name);
      this.fields.set(
        sourceHeaders[index]!,
        this.importer.columns.find((f) => f.name === name)!,
      );
      this.applied[sourceHeaders[index]!] = name;
    }
    fields.forEach((name) => {
      if (extras.has(name)) {
        headers.push(sourceHeaders[extras.get(name)!]!);
        return;
      }
      const field = this.importer.columns.find((f) => f.name === name)!;
      const column = columns[readFrom.get(name) ?? name];
      const header = column ?? field.label;
      const unique = headers.includes(header) || compact(header) === 'handle' ? `${header} (${field.label})` : header;
      headers.push(unique);
      this.fields.set(unique, field);
      // The mapping names the file's own columns; fields the source derives (a product type) are not columns of it.
      if (column && hasHeader(sourceHeaders, column) && !Object.hasOwn(this.applied, column))
        this.applied[column] = name;
    });
    for (const header of sourceHeaders)
      if (header && !Object.hasOwn(this.applied, header) && !this.source.reads?.(header.trim(), sourceHeaders)) {
        this.applied[header] = null;
        this.ignored.push(header);
      }
    yield { number: 1, cells: headers };
    const defaults = fields.map((name) => {
      const value = this.importer.columns.find((f) => f.name === name)!.default;
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
    });
    const seen = new Set<string>();
    this.stockByCode = new Map();
    for await (const row of this.source.read(replayed(), this.options, (w) => this.warn(w))) {
      // A source's later rows for the same product (Shopify's repeated handles) do not repeat it.
      const key = String(row.values.code);
      if (seen.has(key)) continue;
      seen.add(key);
      if (row.stock?.length) this.stockByCode.set(key, row.stock);
      const extra = extraCells.get(row.number);
      const extraNames = [...extras.keys()];
      // A value the export does not give is the field's default, as a new row would have it (not a cleared cell).
      yield {
        number: row.number,
        cells: defaults.map((fallback, i) =>
          extras.has(fields[i]!)
            ? (extra?.[extraNames.indexOf(fields[i]!)] ?? null)
            : ((row.values[readFrom.get(fields[i]!)!] ?? fallback) as CellValue),
        ),
      };
    }
  }

  /** The index of a product sheet's `Bundle items` column (by the mapping, else by its header); -1 when none. */
  bundleColumn(headers: readonly string[]): number {
    if (this.importer.type !== 'product' || this.source) return -1;
    return headers.findIndex((h) =>
      Object.hasOwn(this.mapping, h)
        ? this.mapping[h] === BUNDLE_ITEMS
        : BUNDLE_HEADERS.includes(compact(normaliseHeader(h))),
    );
  }

  /**
   * A product sheet's rows less its bundle rows (a `Bundle items` cell), which are kept aside in
   * `bundles` with the product rows they may name; the column itself is left out of every row.
   */
  private async *withoutBundles(input: AsyncIterable<SheetRow>): AsyncGenerator<SheetRow> {
    this.bundles.reset();
    let at = -1;
    let header: string[] | undefined;
    const index = (name: string) =>
      header!.findIndex((h) => h && normaliseHeader(h) !== 'handle' && this.fieldOf(h)?.name === name);
    let columns = { code: -1, name: -1, price: -1, handle: -1 };
    for await (const row of input) {
      if (!header) {
        if (row.cells.every((c) => cellText(c) === null)) {
          yield row;
          continue;
        }
        header = row.cells.map((c) => cellText(c) ?? '');
        at = this.bundleColumn(header);
        if (at < 0) {
          yield row;
          continue;
        }
        this.applied[header[at]!] = BUNDLE_ITEMS;
        this.fields.set(header[at]!, null);
        columns = {
          code: index('code'),
          name: index('name'),
          price: index('sellingPrice'),
          handle: header.findIndex((h) => normaliseHeader(h) === 'handle'),
        };
        yield { ...row, cells: row.cells.map((c, i) => (i === at ? null : c)) };
        continue;
      }
      if (at < 0) {
        yield row;
        continue;
      }
      const cell = (i: number) => (i < 0 ? null : (row.cells[i] ?? null));
      const items = cellText(cell(at));
      if (items) {
        this.bundles.rows.push({
          number: row.number,
          code: cell(columns.code),
          name: cell(columns.name),
          price: cell(columns.price),
          items,
        });
        continue;
      }
      this.bundles.addProduct(
        cellText(cell(columns.code)),
        cellText(cell(columns.name)),
        cellText(cell(columns.handle)),
      );
      yield { ...row, cells: row.cells.map((c, i) => (i === at ? null : c)) };
    }
  }

  /** A warning, once however often the file is read (a commit reads it to check, then to write). */
  private warn(warning: SourceWarning) {
    const key = JSON.stringify([warning.row, warning.column, warning.message]);
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warnings.push(warning);
  }

  /** The id a validation gives a row the commit will create first; undefined when none is planned. */
  plannedId(field: ScalarField, text: string): number | undefined {
    return this.planned.get(field.name)?.get(text.trim().toLowerCase());
  }

  report(): MappingReport {
    return {
      source: this.source?.name ?? null,
      mapping: this.applied,
      ignoredColumns: this.ignored,
      warnings: this.warnings,
      creates: this.creates,
      stock: this.stock,
    };
  }

  /**
   * A source file's categories, brands, attributes and values that do not exist yet: a commit creates
   * them (through the generic write path, audited, as the importing user) before its rows; a
   * validation plans them, so that their rows pass and the status lists what the commit will create.
   */
  async prepare(
    ctx: AppContext,
    request: FastifyRequest,
    file: { path: string; format: SheetFormat },
    limits: SheetLimits,
    commit: boolean,
  ): Promise<void> {
    if (!this.source) return;
    const db = anyDb(ctx);
    const lookups = new Lookups(db);
    const field = (name: string) => product.fields.find((f) => f.name === name) as ScalarField;
    const categories = await lookups.of(field('category'));
    const brands = await lookups.of(field('brand'));
    const attributes = await storedAttributes(db);
    const wanted = { categories: new Map<string, string>(), brands: new Map<string, string>() };
    const axes = new Map<string, { name: string; values: Map<string, string> }>();
    let header: string[] | undefined;
    const at = (name: string) => header!.findIndex((h) => this.fields.get(h)?.name === name);
    for await (const row of this.rows(readSheet(file.path, file.format, limits))) {
      if (!header) {
        header = row.cells.map((c) => String(c));
        continue;
      }
      const text = (name: string) => {
        const i = at(name);
        return i < 0 ? null : cellText(row.cells[i] ?? null);
      };
      const category = text('category');
      if (category && 'message' in categories.idOf(category)) wanted.categories.set(category.toLowerCase(), category);
      const brand = text('brand');
      if (brand && 'message' in brands.idOf(brand)) wanted.brands.set(brand.toLowerCase(), brand);
      for (const pair of (text(LIST) ?? '').split(';')) {
        const [name, value] = pair.split('=').map((p) => p.trim());
        if (!name || !value) continue;
        const stored = attributes.get(name.toLowerCase());
        if (stored?.values.has(value.toLowerCase())) continue;
        const axis = axes.get(name.toLowerCase()) ?? { name: stored?.name ?? name, values: new Map() };
        axis.values.set(value.toLowerCase(), value);
        axes.set(name.toLowerCase(), axis);
      }
    }
    this.creates.categories = [...wanted.categories.values()];
    this.creates.brands = [...wanted.brands.values()];
    this.creates.attributes = [...axes.values()].map((a) => ({ name: a.name, values: [...a.values.values()] }));
    if (!commit) {
      let next = PLANNED_BASE;
      const plan = (name: string, keys: Iterable<string>) => {
        const map = new Map<string, number>();
        for (const key of keys) map.set(key.toLowerCase(), next++);
        this.planned.set(name, map);
      };
      plan('category', wanted.categories.keys());
      plan('brand', wanted.brands.keys());
      return;
    }
    this.planned.clear();
    await inTransaction(db, async (trx) => {
      const w = (name: string) => jobWriter(ctx, trx, request, findEntity(name)!);
      const used = new Set<string>();
      const uniqueCode = (name: string, max: number) => {
        let code = codeOf(name, max);
        for (let n = 2; used.has(code); n++) code = `${codeOf(name, max - 4)}-${n}`;
        used.add(code);
        return code;
      };
      for (const name of this.creates.categories)
        await insertRow(await w('category'), findEntity('category')!, { code: uniqueCode(name, 30), name });
      const brandCategory = await trx
        .selectFrom('list_value_category')
        .select('id')
        .where('code', '=', 'BRAND')
        .executeTakeFirst();
      if (brandCategory)
        for (const name of this.creates.brands)
          await insertRow(await w('listvalue'), findEntity('listvalue')!, {
            category: Number(brandCategory.id),
            code: uniqueCode(name, 30),
            name,
          });
      const attribute = findEntity('attribute')!;
      for (const axis of this.creates.attributes) {
        const stored = attributes.get(axis.name.toLowerCase());
        const lines = axis.values.map((value) => ({ code: codeOf(value, 30), name: value.slice(0, 100) }));
        if (!stored) {
          await insertRow(await w('attribute'), attribute, {
            code: uniqueCode(axis.name, 30),
            name: axis.name,
            kind: 'list',
            values: lines,
          });
          continue;
        }
        const current = (await apiRow(ctx, trx, attribute, stored.id, { labels: false }))!;
        await updateRow(await w('attribute'), attribute, {
          id: stored.id,
          version: current.version,
          values: [...((current.values as Row[]) ?? []).map(({ id: _id, ...line }) => line), ...lines],
        });
      }
    });
  }

  /**
   * A source's quantities on hand, by location (its name or code; the Shopify CSV's one quantity at
   * the first store location): a commit sets each product's on hand there with an `import` movement
   * of the difference (stock products only, as the ledger keeps them); a validation counts them.
   * A location no inventory location is named like, a negative quantity, or a user who may not edit
   * stock leaves the quantities out with a warning, never fails the import.
   */
  async setStock(ctx: AppContext, request: FastifyRequest, commit: boolean, document?: StockDocument): Promise<void> {
    if (!this.source || this.stockByCode.size === 0) return;
    // Each note names the sheet row and column of the quantity it is about (the first, for the file's).
    const warn = (cell: StockCell, message: string) => this.warn({ row: cell.row, column: cell.column, message });
    try {
      await assertPrivilege(request, 'virtualstock', 'edit');
    } catch {
      const first = [...this.stockByCode.values()][0]![0]!;
      warn(first, SOURCE_NOTES.stockNotAllowed());
      return;
    }
    const db = anyDb(ctx);
    const locations = await db
      .selectFrom('inventory_location')
      .select(['id', 'code', 'name', 'kind'])
      .orderBy('id')
      .execute();
    const byName = new Map<string, { id: number; name: string }>();
    for (const l of locations) {
      byName.set(String(l.code).toLowerCase(), { id: Number(l.id), name: String(l.name) });
      byName.set(String(l.name).toLowerCase(), { id: Number(l.id), name: String(l.name) });
    }
    const fallback = locations.find((l) => l.kind === 'store') ?? locations[0];
    // A location the file names that the company does not have yet: created by the commit (a store
    // location with no outlet yet), listed beside the commit button by a validation.
    const missing = new Map<string, string>();
    for (const entries of this.stockByCode.values())
      for (const entry of entries)
        if (entry.location !== null && !byName.has(entry.location.toLowerCase()))
          missing.set(entry.location.toLowerCase(), entry.location);
    if (missing.size > 0) {
      let mayCreate = true;
      try {
        await assertPrivilege(request, findEntity('inventorylocation')!.permission, 'edit');
      } catch {
        mayCreate = false;
      }
      if (mayCreate) {
        this.creates.locations = [...missing.values()];
        let next = PLANNED_BASE;
        if (!commit) for (const [key, name] of missing) byName.set(key, { id: next++, name });
        else
          await inTransaction(db, async (trx) => {
            const entity = findEntity('inventorylocation')!;
            const w = await jobWriter(ctx, trx, request, entity);
            const used = new Set(locations.map((l) => String(l.code).toLowerCase()));
            for (const [key, name] of missing) {
              let code = codeOf(name, 30);
              for (let n = 2; used.has(code.toLowerCase()); n++) code = `${codeOf(name, 26)}-${n}`;
              used.add(code.toLowerCase());
              const row = await insertRow(w, entity, { code, name: name.slice(0, 100), kind: 'store' });
              byName.set(key, { id: Number(row.id), name });
            }
          });
      }
    }
    const codes = [...this.stockByCode.keys()];
    const products = new Map<string, number>();
    for (let i = 0; i < codes.length; i += 500)
      for (const row of await db
        .selectFrom('product')
        .select(['id', 'code'])
        .where('code', 'in', codes.slice(i, i + 500))
        .execute())
        products.set(String(row.code), Number(row.id));
    const unknown = new Map<string, StockCell>();
    const lines: { product: number; location: number; name: string; quantity: number }[] = [];
    for (const [code, entries] of this.stockByCode)
      for (const entry of entries) {
        const location =
          entry.location === null
            ? fallback && { id: Number(fallback.id), name: String(fallback.name) }
            : byName.get(entry.location.toLowerCase());
        if (!location) {
          if (!unknown.has(entry.location ?? '')) unknown.set(entry.location ?? '', entry);
          continue;
        }
        const quantity = thousandths(entry.quantity);
        if (quantity === undefined || quantity < 0) {
          warn(
            entry,
            quantity === undefined
              ? SOURCE_NOTES.notQuantity({ text: entry.quantity })
              : SOURCE_NOTES.negativeQuantity(),
          );
          continue;
        }
        const product = products.get(code);
        if (product !== undefined || !commit)
          lines.push({ product: product ?? 0, location: location.id, name: location.name, quantity });
      }
    for (const [name, entry] of unknown)
      warn(entry, name ? SOURCE_NOTES.noSuchLocation({ name }) : SOURCE_NOTES.noLocation());
    const per = new Map<string, number>();
    for (const line of lines) per.set(line.name, (per.get(line.name) ?? 0) + 1);
    this.stock = [...per].map(([location, count]) => ({ location, products: count }));
    if (!commit || lines.length === 0) return;
    await inTransaction(db, async (trx) => {
      const w = await jobWriter(ctx, trx, request, findEntity('stockmovement')!);
      const stocked = await stockProducts(
        trx,
        lines.map((l) => l.product),
      );
      const kept = lines.filter((l) => stocked.get(l.product)?.role === 'stock');
      await ensureBalances(w, kept);
      const inputs = [];
      for (const line of kept) {
        const difference = line.quantity - (await onHand(trx, line.product, line.location));
        if (difference !== 0)
          inputs.push({
            product: line.product,
            location: line.location,
            quantity: difference,
            kind: 'import' as const,
            document,
            remarks: `Import from ${this.source!.label}`,
          });
      }
      await move(w, inputs);
    });
  }

  /** A validation's problems about a variant's attribute values that the commit creates first, dropped. */
  withoutPlanned(issues: RowIssue[]): RowIssue[] {
    if (this.planned.size === 0 || this.creates.attributes.length === 0) return issues;
    return issues.filter((issue) => issue.field !== LIST);
  }
}

/** List attributes by lower-case name and code, with their values by lower-case code and name. */
async function storedAttributes(db: AnyDb) {
  const out = new Map<string, { id: number; name: string; values: Set<string> }>();
  const rows = await db.selectFrom('attribute').select(['id', 'code', 'name']).execute();
  const values = await db.selectFrom('attribute_values').select(['parent_id', 'code', 'name']).execute();
  for (const row of rows) {
    const entry = {
      id: Number(row.id),
      name: String(row.name),
      values: new Set(
        values
          .filter((v) => Number(v.parent_id) === Number(row.id))
          .flatMap((v) => [String(v.code).toLowerCase(), String(v.name).toLowerCase()]),
      ),
    };
    out.set(String(row.code).toLowerCase(), entry);
    out.set(String(row.name).toLowerCase(), entry);
  }
  return out;
}

/** The mapping step of an import: the source the file is, the mapping sent or saved. */
export async function mappingFor(
  ctx: AppContext,
  importer: Importer,
  file: { path: string; format: SheetFormat },
  sent: Mapping | undefined,
  tagsTo: TagsTo,
  /** A known source's recognised mapping as the user edited it (its columns into other fields, or ignored). */
  edited?: Mapping,
): Promise<MappedSheet | undefined> {
  if (file.format === 'zip') return undefined;
  const headers = await headersOf(file, ctx.config.imports);
  const source = sent ? undefined : sourceOf(importer, headers);
  const saved = sent ?? (await savedMapping(anyDb(ctx), importer.type, source?.name ?? signatureOf(headers)));
  return new MappedSheet(importer, source, source ? (edited ?? saved ?? {}) : (saved ?? {}), { tagsTo });
}

/** The first row with a value: the sheet's headers. */
export async function headersOf(file: { path: string; format: SheetFormat }, limits: SheetLimits): Promise<string[]> {
  for await (const row of readSheet(file.path, file.format, limits))
    if (row.cells.some((c) => cellText(c) !== null)) return row.cells.map((c) => cellText(c) ?? '');
  return [];
}

/** The mapping saved for an importer and a kind of file (a source's name or a headers signature). */
export async function savedMapping(db: AnyDb, importType: string, source: string): Promise<Mapping | undefined> {
  const row = await db
    .selectFrom('import_mapping')
    .select('mapping')
    .where('import_type', '=', importType)
    .where('source', '=', source)
    .executeTakeFirst();
  return row?.mapping ? (JSON.parse(String(row.mapping)) as Mapping) : undefined;
}

/** Keeps the mapping a user confirmed for an importer and a kind of file, to be offered next time. */
export async function saveMapping(db: AnyDb, importType: string, source: string, mapping: Mapping, userName: string) {
  const now = new Date().toISOString();
  const text = JSON.stringify(mapping);
  const updated = await db
    .updateTable('import_mapping')
    .set({ mapping: text, updated_at: now, updated_by: userName, version: sql`version + 1` })
    .where('import_type', '=', importType)
    .where('source', '=', source)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto('import_mapping')
    .values({
      import_type: importType,
      source,
      mapping: text,
      created_at: now,
      created_by: userName,
      updated_at: now,
      updated_by: userName,
    })
    .execute();
}

/** The mapping offered for a file's headers: a known source's, else the saved one, else by name, label and synonym. */
export async function offerMapping(
  db: AnyDb,
  importer: Importer,
  headers: readonly string[],
): Promise<SheetMappingOffer> {
  const fields = importer.columns.map((f) => ({
    name: f.name,
    label: f.label,
    required: importer.key.includes(f) || f.required === true,
  }));
  const source = sourceOf(importer, headers);
  // A known source's rows are regrouped into products: a bundle row has no place in them.
  const bundles = importer.type === 'product' && !source;
  if (bundles) fields.push({ name: BUNDLE_ITEMS, label: BUNDLE_ITEMS_LABEL, required: false });
  const names = fieldNames(importer);
  if (source) {
    const saved = await savedMapping(db, importer.type, source.name);
    const columns = source.columns(headers);
    const byHeader = new Map(Object.entries(columns).map(([field, header]) => [compact(header), field]));
    return {
      source: { name: source.name, label: source.label },
      tagsTo: saved?.Tags === 'category' ? 'category' : 'tags',
      columns: headers.filter(Boolean).map((header): ColumnSuggestion => {
        const recognised = byHeader.get(compact(header));
        // A column the source needs whatever is chosen (its variants' options, a location's stock) is
        // said as read, not offered for a field: an edit saved by an older console does not change that.
        const reads = recognised === LIST ? OPTIONS : recognised ? null : source.reads?.(header.trim(), headers);
        if (reads) return { header, field: recognised ?? null, by: 'source', reads };
        // An edit saved for this source: its columns the user sent into another field or ignored.
        if (header !== 'Tags' && saved && Object.hasOwn(saved, header)) return savedChoice(saved, header, names);
        // A column the source does not read (a metafield, a custom column) is offered too: a field, or ignored.
        if (!recognised) return { header, field: null, by: 'none' };
        const feeds = Object.keys(columns).filter((f) => compact(columns[f]!) === compact(header));
        return { header, field: recognised, by: 'source', ...(feeds.length > 1 ? { feeds } : {}) };
      }),
      fields,
    };
  }
  const saved = (await savedMapping(db, importer.type, signatureOf(headers))) ?? {};
  return {
    source: null,
    tagsTo: 'tags',
    columns: headers.filter(Boolean).map((header): ColumnSuggestion => {
      if (Object.hasOwn(saved, header)) return savedChoice(saved, header, names);
      if (bundles && BUNDLE_HEADERS.includes(compact(normaliseHeader(header))))
        return { header, field: BUNDLE_ITEMS, by: 'label' };
      const match = matchHeader(importer, header);
      return { header, field: match?.field.name ?? null, by: match?.by ?? 'none' };
    }),
    fields,
  };
}
