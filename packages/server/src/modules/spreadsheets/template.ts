import { enumValueLabel } from '@backroom/schema';
import { BUNDLE_ITEMS } from './bundle-rows';
import type { AnyDb } from '../../data/store';
import { targetOf } from '../../data/references';
import type { CellValue } from './cells';
import { headerOf, type ScalarField } from './columns';
import type { Importer } from './importers';
import { Lookups, codeField } from './lookups';
import { writeWorkbook } from './write';

/** Drop-down lists longer than this are left out (a product list): the column takes any code. */
const MAX_LIST = 500;

const EXAMPLE_TEXT: Record<string, string> = {
  email: 'name@example.com',
  phone: '+60 12 345 6789',
  url: 'https://example.com',
  colour: '#1a2b3c',
  timezone: 'Asia/Kuala_Lumpur',
};

function kindText(field: ScalarField): string {
  switch (field.kind) {
    case 'reference':
      return `code or name of a ${targetOf(field)!.label.toLowerCase()} row`;
    case 'listvalue':
      return `code or name of a ${field.label.toLowerCase()}`;
    case 'enum':
      return `one of: ${field.values.map((v) => enumValueLabel(field, v)).join(', ')}`;
    case 'boolean':
      return 'Yes or No';
    case 'date':
      return 'date (a spreadsheet date, or text such as 2026-09-28)';
    case 'datetime':
      return 'date and time (a spreadsheet date, or text such as 2026-09-28T14:05:00Z)';
    case 'time':
      return 'time of day, such as 14:05';
    case 'number':
      return 'whole number';
    case 'text':
    case 'longtext':
      return `text, at most ${'maxLength' in field && field.maxLength ? field.maxLength : field.kind === 'text' ? 255 : 10000} characters`;
    default:
      return `${field.kind} (a number)`;
  }
}

/** Codes offered by a coded column's drop-down list, or undefined when the list would be too long. */
async function listOf(db: AnyDb, lookups: Lookups, field: ScalarField): Promise<string[] | undefined> {
  // An enum by its values' labels, which the import reads as well as the values (`variantParent` is "Variant parent").
  if (field.kind === 'enum') return field.values.map((v) => enumValueLabel(field, v));
  if (field.kind === 'boolean') return ['Yes', 'No'];
  if (field.kind !== 'reference' && field.kind !== 'listvalue') return undefined;
  const target = targetOf(field)!;
  const count = Number(
    (await db.selectFrom(target.table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
  );
  if (count > MAX_LIST) return undefined;
  const lookup = await lookups.of(field);
  const codes: string[] = [];
  const rows = await db.selectFrom(target.table).select(['id']).orderBy(codeField(target).column).execute();
  for (const { id } of rows) {
    const code = lookup.codeOf(Number(id));
    if (code !== undefined) codes.push(code);
  }
  return codes;
}

/** A few codes of a coded column's rows (its list's first ones, or, for a list too long to offer, the first stored). */
async function someCodes(db: AnyDb, field: ScalarField, list: string[] | undefined): Promise<string[]> {
  if (list || (field.kind !== 'reference' && field.kind !== 'listvalue')) return list ?? [];
  const code = codeField(targetOf(field)!);
  const rows = await db
    .selectFrom(targetOf(field)!.table)
    .select(`${code.column} as code`)
    .where(code.column, 'is not', null)
    .orderBy(code.column)
    .limit(3)
    .execute();
  return rows.map((r) => String(r.code));
}

function example(field: ScalarField, isKey: boolean, codes: string[], taken: Set<string>): CellValue {
  // Two columns of one entity (a recipe's composite and component) take different rows.
  if (codes.length) return codes.find((code) => !taken.has(`${targetOf(field)?.name ?? ''}|${code}`)) ?? codes[0]!;
  switch (field.kind) {
    case 'text':
    case 'longtext':
      return isKey
        ? 'EXAMPLE-001'
        : 'format' in field && field.format
          ? EXAMPLE_TEXT[field.format]!
          : `Example ${field.label.toLowerCase()}`.slice(
              0,
              'maxLength' in field && field.maxLength ? field.maxLength : 255,
            );
    case 'number':
      return 1;
    case 'percent':
      return 10;
    case 'decimal':
    case 'money':
    case 'quantity':
      return 12.5;
    case 'date':
      return '2026-01-31';
    case 'datetime':
      return '2026-01-31T09:00:00Z';
    case 'time':
      return '09:00';
    default:
      return null;
  }
}

/**
 * The blank template of an importer option: sheet 1 its columns (required ones marked ` *`), one
 * example row and drop-down lists for coded columns; sheet 2 what the import does and each
 * column's meaning, kind and allowed values.
 */
export async function writeTemplate(
  db: AnyDb,
  output: NodeJS.WritableStream,
  importer: Importer,
  columns: ScalarField[],
  requireAll: boolean,
): Promise<void> {
  const lookups = new Lookups(db);
  const keyNames = new Set(importer.key.map((f) => f.name));
  const lists = new Map<number, string[]>();
  const listsOf: (string[] | undefined)[] = [];
  for (const [i, field] of columns.entries()) {
    const list = await listOf(db, lookups, field);
    listsOf.push(list);
    if (list) lists.set(i, list);
  }
  const required = (field: ScalarField) =>
    keyNames.has(field.name) || (requireAll && field.required && field.default === undefined);
  // A column that is not one registry value (a variant's attributes) stays blank: its example is in the instructions.
  const taken = new Set<string>();
  const exampleRow: CellValue[] = [];
  for (const [i, field] of columns.entries()) {
    const own = importer.entity.fields.find((f) => f.name === field.name);
    if (own?.kind === 'children' || field.name === BUNDLE_ITEMS) {
      exampleRow.push(null);
      continue;
    }
    // An option that updates some columns only (prices) names a stored row: a new key would lack the required columns.
    const stored =
      !requireAll && keyNames.has(field.name) && field.kind === 'text'
        ? await db
            .selectFrom(importer.entity.table)
            .select(`${field.column} as key`)
            .where(field.column, 'is not', null)
            .orderBy('id')
            .limit(1)
            .executeTakeFirst()
        : undefined;
    const cell = stored
      ? String(stored.key)
      : example(field, keyNames.has(field.name), await someCodes(db, field, listsOf[i]), taken);
    if (typeof cell === 'string') taken.add(`${targetOf(field)?.name ?? ''}|${cell}`);
    exampleRow.push(cell);
  }
  const instructions: CellValue[][] = [
    [importer.label, null, null, importer.meaning],
    ...columns.map((field, i): CellValue[] => [
      headerOf(field, required(field)),
      keyNames.has(field.name) ? 'Key' : required(field) ? 'Yes' : 'No',
      kindText(field),
      [
        field.help,
        listsOf[i]
          ? `Allowed: ${listsOf[i]!.slice(0, 50).join(', ')}${listsOf[i]!.length > 50 ? ', …' : ''}`
          : undefined,
      ]
        .filter(Boolean)
        .join(' ') || null,
    ]),
  ];
  await writeWorkbook(output, [
    {
      name: 'Data',
      columns: columns.map((field) => ({ header: headerOf(field, required(field)) })),
      rows: [exampleRow],
      lists,
    },
    {
      name: 'Instructions',
      columns: [
        { header: 'Column', width: 28 },
        { header: 'Required', width: 10 },
        { header: 'Kind', width: 40 },
        { header: 'Meaning and allowed values', width: 80 },
      ],
      rows: instructions,
    },
  ]);
}
