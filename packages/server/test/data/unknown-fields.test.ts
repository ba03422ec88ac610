import { entities, type NormalisedEntity } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness';
import { creatable, withRowBuilder, type Row } from './support/rows';

const t = useTestServer({ users: ['admin'], extend: withRowBuilder });
const { post } = t;

const rowsOf = (entity: NormalisedEntity, id?: unknown) =>
  post<Row[]>(`/DataRepository/fetch/${entity.name}`, {
    Take: 1,
    filters: id === undefined ? [] : [{ ColumnName: 'id', ColumnValue: Number(id), Operator: 'EQ' }],
  });
const count = async (entity: NormalisedEntity) => (await rowsOf(entity)).body.totalCount;
const refusal = (field: string, label: string) => ({
  resultCode: 400,
  message: `${field.split('.').pop()}: not a field of ${label}`,
  data: null,
  errors: [{ field, message: `${field.split('.').pop()}: not a field of ${label}` }],
  requestId: expect.any(String),
});

describe('a write naming no field of the entity is refused, and nothing is written', () => {
  it.each(entities.filter(creatable).map((e) => [e.name, e] as const))(
    '%s: insert and update refuse `bogus`; a row sent back as it was read is saved',
    async (_name, entity) => {
      const body = await t.builder.row(entity);
      const before = await count(entity);
      const refused = await post(`/DataRepository/Insert/${entity.name}`, { ...body, bogus: 1 });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(refusal('bogus', entity.label));
      expect(await count(entity)).toBe(before);

      const inserted = await post(`/DataRepository/Insert/${entity.name}`, body);
      expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
      const read = (await rowsOf(entity, inserted.body.data.id)).body.data[0]!;
      // As the console does: the row as read (labels, audit stamps, read-only values) goes back whole.
      const saved = await post(`/DataRepository/Update/${entity.name}`, read);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);

      const stored = (await rowsOf(entity, read.id)).body.data[0]!;
      const update = await post(`/DataRepository/Update/${entity.name}`, { ...stored, bogus: 1 });
      expect(update.body).toEqual(refusal('bogus', entity.label));
      expect((await rowsOf(entity, read.id)).body.data[0]).toEqual(stored);
    },
  );

  it('names the row and the field in the bulk verbs and upsert, and writes none of the rows', async () => {
    const entity = entities.find((e) => e.name === 'category')!;
    const rows = await Promise.all(
      [0, 1].map(
        async () => (await post(`/DataRepository/Insert/category`, await t.builder.row(entity))).body.data as Row,
      ),
    );
    const changes = rows.map((row) => ({ id: row.id, version: row.version, name: `Renamed ${String(row.id)}` }));
    const typo = [changes[0], { id: changes[1]!.id, version: changes[1]!.version, nmae: 'Typo' }];
    for (const verb of ['bulkupdate', 'bulkupsert']) {
      const answer = await post(`/DataRepository/${verb}/category`, typo);
      expect(answer.body).toEqual(refusal('1.nmae', entity.label));
    }
    const upsert = await post('/DataRepository/upsert/category', { ...changes[0], nmae: 'Typo' });
    expect(upsert.body).toEqual(refusal('nmae', entity.label));
    for (const row of rows) expect((await rowsOf(entity, row.id)).body.data[0]!.name).toBe(row.name);
    expect((await post('/DataRepository/bulkupdate/category', changes)).status).toBe(200);
  });

  it('names a child row’s unknown value by its list, row and name', async () => {
    const entity = entities.find((e) => creatable(e) && e.fields.some((f) => f.kind === 'children'))!;
    const list = entity.fields.find((f) => f.kind === 'children')!;
    const answer = await post(`/DataRepository/Insert/${entity.name}`, {
      ...(await t.builder.row(entity)),
      [list.name]: [{ bogus: 1 }],
    });
    expect(answer.body).toEqual(refusal(`${list.name}.0.bogus`, list.label));
  });

  it('takes the values an entity’s own rules read beside its fields (a new user’s password)', async () => {
    const entity = entities.find((e) => e.name === 'user')!;
    const body = { ...(await t.builder.row(entity)), password: 'Correct-horse-9' } as Row;
    const answer = await post('/DataRepository/Insert/user', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await t.signIn(String(body.userName), 'Correct-horse-9')).status).toBe(200);
  });
});
