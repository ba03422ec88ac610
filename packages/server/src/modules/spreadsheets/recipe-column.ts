import { fieldOf, findEntity } from '@backroom/schema';
import type { AppContext } from '../../context';
import { anyDb, type Row } from '../../data/store';
import type { ScalarField } from './columns';
import type { Importer, PreparingRow, RowIssue } from './importer';
import { Lookups, type Lookup } from './lookups';
import { storedListOf, storedLists } from './variant-attributes';
import { componentParts } from './component-cells';

const product = findEntity('product')!;
const LIST = 'recipeComponents';

/** The product sheet's one cell for a composite's recipe: `FLOUR=0.5; SUGAR=0.25` (component SKU = quantity per unit). */
export const recipeComponentsColumn = {
  ...fieldOf(product, 'description'),
  name: LIST,
  label: 'Recipe components',
  help: 'For a composite item: its components as component SKU = quantity for one unit, separated by ";" — FLOUR=0.5; SUGAR=0.25. A component may be a product of this sheet, above or below. Blank: no components.',
  required: false,
} as ScalarField;

const sameLines = (a: readonly Row[], b: readonly Row[]) =>
  a.length === b.length &&
  a.every((l, i) => l.product === b[i]!.product && Number(l.quantity) === Number(b[i]!.quantity) && !l.uom);

/** What the preview shows of a recipe: its components' codes (a row of the sheet by its SKU). */
interface Shown {
  products?: Lookup;
  sheet: Map<number, string>;
}

/**
 * Reads the `Recipe components` cell of each product row into its recipe (component by SKU or
 * name, stored or a row of this sheet, quantity a number above 0). A recipe equal to the stored one
 * is given as stored, so the row counts as unchanged.
 */
async function prepareRecipes(ctx: AppContext, rows: readonly PreparingRow[], shown: Shown): Promise<RowIssue[]> {
  const sent = rows.filter((r) => LIST in r.input);
  if (sent.length === 0) return [];
  const db = anyDb(ctx);
  const products = (shown.products = await new Lookups(db).of(fieldOf(product, 'parent') as ScalarField));
  const stored = await storedLists(
    ctx,
    sent.map((r) => r.input.code),
    LIST,
  );
  const issues: RowIssue[] = [];
  for (const row of sent) {
    const { number, input } = row;
    const text = typeof input[LIST] === 'string' ? (input[LIST] as string).trim() : '';
    const lines: Row[] = [];
    const problems: string[] = [];
    for (const part of componentParts(text, 'FLOUR=0.5; SUGAR=0.25')) {
      if ('problem' in part) {
        problems.push(part.problem);
        continue;
      }
      const { name: code, quantity } = part;
      const found = products.idOf(code);
      if ('id' in found) {
        lines.push({ product: found.id, quantity });
        continue;
      }
      const here = found.missing
        ? row.sheetRow?.(code, { list: LIST, index: lines.length, field: 'product', column: 'Recipe components' })
        : undefined;
      if (!here) {
        problems.push(
          found.missing ? `"${code}" is not the SKU or name of a product, nor of a row of this sheet` : found.message,
        );
        continue;
      }
      shown.sheet.set(here.id, here.key);
      lines.push({ product: here.id, quantity });
    }
    if (problems.length > 0) issues.push({ row: number, field: LIST, message: problems.join('; ') });
    input[LIST] = lines;
    const storedLines = storedListOf(stored, input.code);
    if (sameLines(lines, storedLines)) input[LIST] = storedLines;
  }
  return issues;
}

/** The product importer with the `Recipe components` column; the preview shows a recipe as the cell is written. */
export function withRecipeComponents(importer: Importer | undefined): Importer | undefined {
  if (!importer) return undefined;
  const shown: Shown = { sheet: new Map() };
  return {
    ...importer,
    columns: [...importer.columns, recipeComponentsColumn],
    prepare: async (ctx, rows) => [
      ...((await importer.prepare?.(ctx, rows)) ?? []),
      ...(await prepareRecipes(ctx, rows, shown)),
    ],
    shown: (field, value) =>
      field === LIST && Array.isArray(value)
        ? (value as Row[])
            .map((line) => {
              const id = Number(line.product);
              return `${shown.sheet.get(id) ?? shown.products?.codeOf(id) ?? String(id)}=${Number(line.quantity)}`;
            })
            .join('; ')
        : (importer.shown?.(field, value) ?? JSON.stringify(value)),
  };
}
