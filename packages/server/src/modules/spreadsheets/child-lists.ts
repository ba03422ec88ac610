import { validateRow, type NormalisedEntity } from '@backroom/schema';
import type { AppContext } from '../../context';
import { apiRow } from '../../data/read';
import type { Row } from '../../data/store';
import { updateRow, type Writer } from '../../data/write';
import type { ScalarField } from './columns';
import type { CustomCounts, Importer, RowIssue, TemplateOption } from './importer';

/** An importer of the lines of a child list (a product's recipe, supplier mapping, alternate barcodes). */
export interface ChildListSpec {
  type: string;
  label: string;
  /** The entity whose list is written (product). */
  entity: NormalisedEntity;
  /** Its children field. */
  list: string;
  /** The column naming the row whose list it is: a reference to `entity`, named `owner`. */
  owner: ScalarField;
  /** The list's fields the sheet carries, in order, with the header each goes by when not its own label. */
  columns: { name: string; label?: string }[];
  /** The list's fields that pick a line of one row's list; a sheet row with another value adds a line. */
  line: string[];
  /** The importer's key (repeated keys in the file are errors): `owner` and `line`, unless given. */
  key?: string[];
  screen: string;
  options?: readonly TemplateOption[];
  meaning: string;
  /** Problems against stored rows and between sheet rows (rows as `{number, input}`, input by field name). */
  verify?(ctx: AppContext, rows: readonly { number: number; input: Row }[]): Promise<RowIssue[]>;
  /** A rule the merged list keeps: called with the lines the sheet set, after merging (one preferred supplier). */
  settle?(lines: Row[], sent: readonly Row[]): void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The line a sheet row sets: the list's fields its columns carry (a blank cell clears that field). */
const lineOf = (spec: ChildListSpec, input: Row): Row =>
  Object.fromEntries(spec.columns.filter((c) => c.name in input).map((c) => [c.name, input[c.name]]));

/**
 * A sheet row's line validated as the registry validates it inside the row's list: its API value
 * in the fields the sheet carries (defaults left out, so a missing column changes nothing), or the problems by field.
 */
function validLine(spec: ChildListSpec, input: Row): { value: Row; errors: { field: string; message: string }[] } {
  const line = lineOf(spec, input);
  const result = validateRow(spec.entity, { id: 1, version: 0, [spec.list]: [line] }, 'update');
  if (!result.ok) {
    const prefix = `${spec.list}.0.`;
    return {
      value: {},
      errors: result.errors
        .filter((e) => e.field.startsWith(prefix))
        .map((e) => ({ field: e.field.slice(prefix.length), message: e.message })),
    };
  }
  const value = (result.value[spec.list] as Row[])[0]!;
  return { value: Object.fromEntries(Object.keys(line).map((name) => [name, value[name] ?? null])), errors: [] };
}

/**
 * Lines of a child list by the row they belong to: each sheet row names that row by its code
 * (`owner`) and a line by `line` fields. A line found is updated in the columns the sheet has
 * (unchanged when nothing differs); a new one is added at the end; lines the sheet does not name
 * stay. Each row's list is written once through the generic write path (`updateRow`: its hooks —
 * recipe cycles, barcode uniqueness, one preferred supplier — audit and privileges).
 */
export function childListImporter(spec: ChildListSpec): Importer {
  const list = spec.entity.fields.find((f) => f.name === spec.list && f.kind === 'children');
  if (!list || list.kind !== 'children') throw new Error(`${spec.entity.name} has no child list ${spec.list}`);
  const columns = spec.columns.map(({ name, label }) => {
    const field = list.fields.find((f) => f.name === name) as ScalarField;
    return label ? ({ ...field, label } as ScalarField) : field;
  });
  const owner = { ...spec.owner, name: 'owner', required: true } as ScalarField;
  const byName = (name: string) => [owner, ...columns].find((f) => f.name === name)!;
  const key = (spec.key ?? ['owner', ...spec.line]).map(byName);
  return {
    type: spec.type,
    label: spec.label,
    entity: spec.entity,
    key,
    columns: [...key, ...[owner, ...columns].filter((f) => !key.includes(f))],
    screen: spec.screen,
    options: spec.options ?? [{ text: 'Add or update lines', value: 'lines' }],
    meaning: spec.meaning,
    custom: {
      privilege: { screen: spec.entity.permission, action: 'edit' },
      check(input) {
        return validLine(spec, input).errors;
      },
      verify: spec.verify && ((ctx, rows) => spec.verify!(ctx, rows)),
      async write(w: Writer, rows: Row[]) {
        const counts: Required<CustomCounts> = { inserted: 0, updated: 0, unchanged: 0, rows: [] };
        const byOwner = new Map<number, { at: number; line: Row }[]>();
        rows.forEach((row, at) =>
          byOwner.set(row.owner as number, [
            ...(byOwner.get(row.owner as number) ?? []),
            { at, line: validLine(spec, row).value },
          ]),
        );
        for (const [id, sheetLines] of byOwner) {
          const stored = (await apiRow(w.ctx, w.trx, spec.entity, id, { labels: false }))!;
          const lines = ((stored[spec.list] as Row[] | null) ?? []).map((l) => ({ ...l }));
          const sent: Row[] = [];
          for (const { at: index, line } of sheetLines) {
            const at = lines.find((l) => spec.line.every((name) => same(l[name], line[name])));
            const changes = at
              ? Object.entries(line)
                  .filter(([name, value]) => !same(at[name], value))
                  .map(([name, value]) => ({ field: name, old: at[name] ?? null, new: value }))
              : [];
            if (!at) {
              lines.push(line);
              counts.inserted++;
              counts.rows[index] = { action: 'insert' };
            } else if (changes.length === 0) {
              counts.unchanged++;
              counts.rows[index] = { action: 'unchanged' };
            } else {
              Object.assign(at, line);
              counts.updated++;
              counts.rows[index] = { action: 'update', changes };
            }
            sent.push(at ?? line);
          }
          spec.settle?.(lines, sent);
          if (JSON.stringify(lines) !== JSON.stringify(stored[spec.list] ?? []))
            await updateRow(w, w.entity, { id, version: stored.version ?? 0, [spec.list]: lines });
        }
        return counts;
      },
    },
  };
}
