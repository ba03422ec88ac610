import { fieldOf, findEntity } from '@backroom/schema';
import type { AppContext } from '../../context';
import { addRelated } from '../../data/read';
import { anyDb, type Row } from '../../data/store';
import type { ScalarField } from './columns';
import type { Importer, PreparingRow, RowIssue } from './importer';
import { Lookups } from './lookups';

const product = findEntity('product')!;
const list = fieldOf(product, 'variantAttributeValues', 'children');
const LIST = list.name;

/** The product sheet's one cell for a variant's attribute values: `SIZE=M; COLOUR=RED`. */
export const variantAttributesColumn = {
  ...fieldOf(product, 'description'),
  name: LIST,
  label: 'Variant attributes',
  help: 'For a variant (with its Parent product): its value of each list attribute, as attribute code = value code, separated by ";" — SIZE=M; COLOUR=RED. Names may stand for codes. Blank: no attribute values.',
  required: false,
} as ScalarField;

interface Attribute {
  kind: string | null;
  name: string;
  /** Value code by its code or name, lower case. */
  values: Map<string, string>;
}

async function attributes(ctx: AppContext): Promise<Map<number, Attribute>> {
  const out = new Map<number, Attribute>();
  for (const row of await ctx.db
    .selectFrom('attribute')
    .select(['id', 'kind', 'name'])
    .$narrowType<{ name: string }>()
    .execute())
    out.set(row.id, { kind: row.kind, name: row.name, values: new Map() });
  for (const row of await ctx.db
    .selectFrom('attribute_values')
    .select(['parent_id', 'code', 'name'])
    .$narrowType<{ code: string; name: string }>()
    .execute()) {
    const map = out.get(row.parent_id)?.values;
    map?.set(row.name.toLowerCase(), row.code);
    map?.set(row.code.toLowerCase(), row.code);
  }
  return out;
}

const pairsOf = (lines: readonly Row[]) =>
  lines
    .map((l) => `${String(l.attribute)}=${String(l.value)}`)
    .sort()
    .join('|');

/**
 * Reads the `Variant attributes` cell of each product row into the product's attribute value list:
 * each attribute by code or name must be a list attribute, each value one of its values; a row
 * with values names its variant parent (a variant parent product) in `Parent product`. A list equal
 * to the stored one is given as stored, so the row counts as unchanged.
 */
export async function prepareVariantAttributes(
  ctx: AppContext,
  rows: readonly PreparingRow[],
  shown?: { codes?: Map<number, string> },
): Promise<RowIssue[]> {
  const sent = rows.filter((r) => LIST in r.input);
  if (sent.length === 0) return [];
  const db = anyDb(ctx);
  const known = await attributes(ctx);
  const lookup = await new Lookups(db).of(fieldOf(list, 'attribute') as ScalarField);
  if (shown) shown.codes = new Map([...known.keys()].map((id) => [id, lookup.codeOf(id) ?? String(id)]));
  const parents = [...new Set(sent.map((r) => r.input.parent).filter((p): p is number => typeof p === 'number'))];
  const parentTypes = new Map<number, string | null>();
  for (let i = 0; i < parents.length; i += 500)
    for (const row of await ctx.db
      .selectFrom('product')
      .select(['id', 'type'])
      .where('id', 'in', parents.slice(i, i + 500))
      .execute())
      parentTypes.set(row.id, row.type);

  const stored = await storedLists(
    ctx,
    sent.map((r) => r.input.code),
    LIST,
  );
  const issues: RowIssue[] = [];
  for (const { number, input, refs } of sent) {
    const text = typeof input[LIST] === 'string' ? (input[LIST] as string).trim() : '';
    const lines: Row[] = [];
    const problems: string[] = [];
    const problem = (message: string) => problems.push(message);
    for (const part of text
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [attributeText, valueText] = part.split('=').map((p) => p.trim());
      if (!attributeText || !valueText) {
        problem(`"${part}" is not attribute=value (SIZE=M; COLOUR=RED)`);
        continue;
      }
      const found = lookup.idOf(attributeText);
      if ('message' in found) {
        problem(`Variant attributes: ${found.message}`);
        continue;
      }
      const axis = known.get(found.id)!;
      const value = axis.values.get(valueText.toLowerCase());
      if (axis.kind !== 'list') problem(`${axis.name} is not a list attribute: only list attributes are variant axes`);
      else if (!value) problem(`${axis.name} has no value "${valueText}"`);
      else if (lines.some((l) => l.attribute === found.id)) problem(`${axis.name} is given twice`);
      else lines.push({ attribute: found.id, value });
    }
    // One message a cell: the import reports each cell once.
    if (problems.length > 0) issues.push({ row: number, field: LIST, message: problems.join('; ') });
    if (lines.length > 0 && typeof input.parent !== 'number')
      issues.push({
        row: number,
        field: 'parent',
        message: 'A variant with attribute values names its variant parent in Parent product',
      });
    else if (lines.length > 0 && (refs?.parent?.type ?? parentTypes.get(input.parent as number)) !== 'variantParent')
      issues.push({ row: number, field: 'parent', message: 'The parent product is not a variant parent' });
    input[LIST] = lines;
    const storedLines = storedListOf(stored, input.code);
    if (storedLines.length === lines.length && pairsOf(storedLines) === pairsOf(lines)) input[LIST] = storedLines;
  }
  return issues;
}

/**
 * A child list of the stored products of these SKUs, by SKU (none for a new one), read 500 SKUs a
 * query: a sheet's list equal to the stored one is given as stored and the row reads unchanged.
 */
export async function storedLists(
  ctx: AppContext,
  codes: readonly unknown[],
  list: string,
): Promise<Map<string, Row[]>> {
  const wanted = [...new Set(codes.filter((c): c is string => typeof c === 'string').map((c) => c.trim()))];
  const field = fieldOf(product, list, 'children');
  const out = new Map<string, Row[]>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows: Row[] = await ctx.db
      .selectFrom('product')
      .select(['id', 'code'])
      .where('code', 'in', wanted.slice(i, i + 500))
      .execute();
    await addRelated(anyDb(ctx), [field], rows);
    for (const row of rows) out.set(String(row.code), row[list] as Row[]);
  }
  return out;
}

/** The stored list of a row's SKU from `storedLists`; none for a new product. */
export const storedListOf = (stored: Map<string, Row[]>, code: unknown): Row[] =>
  (typeof code === 'string' ? stored.get(code.trim()) : undefined) ?? [];

/** The product importer with the `Variant attributes` column; the preview shows a list as the cell is written (`SIZE=M; COLOUR=RED`). */
export function withVariantAttributes(importer: Importer | undefined): Importer | undefined {
  if (!importer) return undefined;
  const shown: { codes?: Map<number, string> } = {};
  return {
    ...importer,
    columns: [...importer.columns, variantAttributesColumn],
    prepare: (ctx, rows) => prepareVariantAttributes(ctx, rows, shown),
    shown: (field, value) =>
      field === LIST && Array.isArray(value)
        ? (value as Row[])
            .map(
              (line) => `${shown.codes?.get(Number(line.attribute)) ?? String(line.attribute)}=${String(line.value)}`,
            )
            .join('; ')
        : JSON.stringify(value),
  };
}
