import { entities } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness';
import { changeOf, creatable, withRowBuilder, type Row } from './support/rows';

const t = useTestServer({ users: ['admin'], extend: withRowBuilder });
const { post } = t;

const byId = (name: string, id: unknown) =>
  post<Row[]>(`/DataRepository/fetch/${name}`, {
    filters: [{ ColumnName: 'id', ColumnValue: Number(id), Operator: 'EQ' }],
  });

describe('every entity through the generic API', () => {
  it.each(entities.filter(creatable).map((e) => [e.name, e] as const))(
    '%s: insert, fetch, update, stale update (a no-op at a stale version is none), delete',
    async (_name, entity) => {
      const body = await t.builder.row(entity);
      const inserted = await post(`/DataRepository/Insert/${entity.name}`, body);
      expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
      const id = inserted.body.data.id;

      const fetched = await byId(entity.name, id);
      expect(fetched.status).toBe(200);
      expect(fetched.body.totalCount).toBe(1);
      const row = fetched.body.data[0]!;
      for (const field of entity.fields) {
        if (field.readOnly || field.system || !(field.name in body)) continue;
        if (field.kind === 'secret') expect(row[field.name]).toBe('••••');
        else if (field.kind === 'children')
          expect((row[field.name] as Row[]).length).toBe((body[field.name] as Row[]).length);
        else expect(row[field.name], field.name).toEqual(body[field.name]);
      }

      const [name, value] = await changeOf(t.builder, entity, row);
      const version = row.version ?? 0;
      const updated = await post(`/DataRepository/Update/${entity.name}`, { id, version, [name]: value });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.data[name]).toEqual(value);
      if (entity.systemFields) {
        expect(updated.body.data.version).toBe((version as number) + 1);
        // At the version it was read, the old value is a change made on a stale copy: refused.
        const stale = await post(`/DataRepository/Update/${entity.name}`, { id, version, [name]: row[name] });
        expect(stale.status).toBe(409);
        expect(stale.body.message).toBe('This record was changed by someone else');
        // The stored value again changes nothing: no conflict, the row as it is.
        const same = await post(`/DataRepository/Update/${entity.name}`, { id, version, [name]: value });
        expect(same.status, JSON.stringify(same.body)).toBe(200);
        expect(same.body.data.version).toBe((version as number) + 1);
      }

      const deleted = await post(`/DataRepository/Execute/${entity.name}`, { action: 'delete', ids: [id] });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect((await byId(entity.name, id)).body).toMatchObject({ data: [], totalCount: 0 });
    },
  );

  it.each(entities.filter(creatable).map((e) => [e.name, e] as const))(
    '%s: an insert of the required fields alone is saved, or refused naming a field — never a 500',
    async (_name, entity) => {
      const full = await t.builder.row(entity);
      const required = Object.fromEntries(
        Object.entries(full).filter(([name]) => entity.fields.find((f) => f.name === name)?.required),
      );
      const res = await post(`/DataRepository/Insert/${entity.name}`, required);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      if (res.status !== 200) expect(res.body.errors?.[0]?.field, JSON.stringify(res.body)).toBeTruthy();
    },
  );

  it('edits a privilege (menu text) but never creates or deletes one', async () => {
    const first = (await post<Row[]>('/DataRepository/fetch/privilege', { Take: 1 })).body.data[0]!;
    const updated = await post('/DataRepository/Update/privilege', {
      id: first.id,
      version: first.version,
      menuText: 'Renamed',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.menuText).toBe('Renamed');
    expect((await post('/DataRepository/Insert/privilege', { group: 'x', menuText: 'x', route: 'x' })).status).toBe(
      403,
    );
    expect((await post('/DataRepository/Execute/privilege', { action: 'delete', ids: [first.id] })).status).toBe(403);
  });

  it('reads the server-written tables and refuses to write them', async () => {
    for (const entity of entities.filter((e) => e.readOnly)) {
      const res = await post(`/DataRepository/fetch/${entity.name}`, entity.name === 'auditlog' ? {} : { Take: 5 });
      expect(res.status, entity.name).toBe(200);
      expect((await post(`/DataRepository/Insert/${entity.name}`, {})).status, entity.name).toBe(403);
    }
  });
});
