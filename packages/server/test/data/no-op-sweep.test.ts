import { entities, type NormalisedField } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';

/**
 * Every entity a form saves through the generic API: its first demo row sent back as it was read
 * writes nothing (same version, no audit row), and an older version saving it unchanged is no 409.
 */
const t = useTestServer({ users: ['admin'], config: { demoCatalogue: true } });

/** What a form sends back of a row it read: the fields it holds, not the server's bookkeeping, labels or secrets. */
function sentBack(fields: readonly NormalisedField[], row: Row): Row {
  const out: Row = {};
  for (const field of fields) {
    if (field.system || field.readOnly || field.kind === 'secret' || !(field.name in row)) continue;
    const value = row[field.name];
    out[field.name] =
      field.kind === 'children' && Array.isArray(value)
        ? value.map((child) => sentBack(field.fields, child as Row))
        : value;
  }
  return out;
}

const auditCount = async (entity: string, id: unknown) =>
  (
    await t.post<Row[]>('/DataRepository/fetch/auditlog', {
      Take: 500,
      filters: [
        { ColumnName: 'entity', ColumnValue: entity, Operator: 'EQ' },
        { ColumnName: 'rowId', ColumnValue: id, Operator: 'EQ' },
      ],
    })
  ).body.data.length;

const editable = entities.filter((e) => e.isScreen && !e.readOnly && e.systemFields);

describe('a form saved unchanged writes nothing, for every entity', () => {
  it('same version, no audit row; at an older version no 409 either', async () => {
    const written: string[] = [];
    let checked = 0;
    for (const entity of editable) {
      const [row] = (await t.post<Row[]>(`/DataRepository/fetch/${entity.name}`, { Take: 1 })).body.data;
      if (!row) continue;
      const audits = await auditCount(entity.name, row.id);
      const body = { ...sentBack(entity.fields, row), id: row.id };
      const same = await t.post<Row>(`/DataRepository/Update/${entity.name}`, { ...body, version: row.version });
      const older = await t.post<Row>(`/DataRepository/Update/${entity.name}`, {
        ...body,
        version: Number(row.version) - 1,
      });
      checked++;
      if (
        same.status !== 200 ||
        same.body.data.version !== row.version ||
        older.status !== 200 ||
        (await auditCount(entity.name, row.id)) !== audits
      )
        written.push(`${entity.name}: ${same.status} ${JSON.stringify(same.body.message ?? same.body.data?.version)}`);
    }
    expect(written).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
