import { describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { insert } from './shop';

const t = useTestServer({ users: ['admin'] });
const write = (verb: 'Insert' | 'Update', name: string, row: Row) => t.post(`/DataRepository/${verb}/${name}`, row);
const fieldsOf = (res: { body: { errors?: { field: string }[] } }) => (res.body.errors ?? []).map((e) => e.field);

describe('rules the pricing forms hold', () => {
  it('a percent is at most 100, wherever the kind makes the value a percent', async () => {
    const percent = [
      ['promotion', { code: 'PCT', name: 'P', kind: 'percentOff', value: '101', validFrom: '2024-01-01' }, 'value'],
      ['discount', { code: 'PCT', name: 'D', kind: 'percent', value: '100.01' }, 'value'],
      ['voucher', { code: 'PCT', name: 'V', kind: 'percent', value: '150' }, 'value'],
      ['surcharge', { code: 'PCT', name: 'S', kind: 'percent', value: '200' }, 'value'],
      [
        'newpromotion',
        { code: 'PCTR', name: 'R', validFrom: '2024-01-01', rewards: [{ kind: 'percentOff', value: '120' }] },
        'rewards.0.value',
      ],
    ] as const;
    for (const [name, row, field] of percent) {
      const res = await write('Insert', name, row);
      expect(res.status, name).toBe(400);
      expect(fieldsOf(res), name).toEqual([field]);
      expect(res.body.errors![0]!.message).toMatch(/at most 100/);
    }
    // The same numbers are fine as amounts.
    expect(
      (await write('Insert', 'discount', { code: 'AMT', name: 'D', kind: 'amount', value: '150.00' })).status,
    ).toBe(200);
    expect(
      (
        await write('Insert', 'promotion', {
          code: 'AMT',
          name: 'P',
          kind: 'amountOff',
          value: '101',
          validFrom: '2024-01-01',
        })
      ).status,
    ).toBe(200);
  });

  it('an update that turns an amount into a percent is checked on the row it leaves', async () => {
    const discount = await insert(t, 'discount', { code: 'BIG', name: 'Big', kind: 'amount', value: '150.00' });
    const res = await write('Update', 'discount', { id: discount.id, version: discount.version, kind: 'percent' });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(['value']);
  });

  it('valid to is not before valid from, also when only one is sent', async () => {
    const res = await write('Insert', 'promotion', {
      code: 'DATES',
      name: 'P',
      kind: 'percentOff',
      value: '5',
      validFrom: '2024-06-10',
      validTo: '2024-06-01',
    });
    expect(fieldsOf(res)).toEqual(['validTo']);
    const promotion = await insert(t, 'promotion', {
      code: 'DATES',
      name: 'P',
      kind: 'percentOff',
      value: '5',
      validFrom: '2024-06-10',
    });
    const later = await write('Update', 'promotion', {
      id: promotion.id,
      version: promotion.version,
      validTo: '2024-06-09',
    });
    expect(later.status).toBe(400);
    expect(fieldsOf(later)).toEqual(['validTo']);
    const voucher = await insert(t, 'voucher', {
      code: 'VDATES',
      name: 'V',
      kind: 'amount',
      value: '1.00',
      validFrom: '2024-06-10',
    });
    expect(
      fieldsOf(await write('Update', 'voucher', { id: voucher.id, version: voucher.version, validTo: '2024-01-01' })),
    ).toEqual(['validTo']);
  });

  it('a fixed price and a minimum spend are never negative', async () => {
    expect(
      fieldsOf(
        await write('Insert', 'promotion', {
          code: 'NEG',
          name: 'P',
          kind: 'fixedPrice',
          value: '-1.00',
          validFrom: '2024-01-01',
        }),
      ),
    ).toEqual(['value']);
    expect(
      fieldsOf(
        await write('Insert', 'newpromotion', {
          code: 'NEGR',
          name: 'R',
          validFrom: '2024-01-01',
          rewards: [{ kind: 'fixedPrice', value: '-2' }],
        }),
      ),
    ).toEqual(['rewards.0.value']);
    expect(
      fieldsOf(
        await write('Insert', 'voucher', { code: 'NEGV', name: 'V', kind: 'amount', value: '1.00', minSpend: '-5.00' }),
      ),
    ).toEqual(['minSpend']);
    expect(
      (
        await write('Insert', 'promotion', {
          code: 'ZERO',
          name: 'Free',
          kind: 'fixedPrice',
          value: '0',
          validFrom: '2024-01-01',
        })
      ).status,
    ).toBe(200);
  });

  it('promotion codes are unique across promotions and promotion rules', async () => {
    await insert(t, 'promotion', {
      code: 'SHARED',
      name: 'P',
      kind: 'percentOff',
      value: '5',
      validFrom: '2024-01-01',
    });
    const rule = await write('Insert', 'newpromotion', { code: 'SHARED', name: 'R', validFrom: '2024-01-01' });
    expect(rule.status).toBe(409);
    expect(rule.body.errors).toEqual([{ field: 'code', message: 'Code "SHARED" is already used by a promotion' }]);

    const other = await insert(t, 'newpromotion', { code: 'RULE1', name: 'R', validFrom: '2024-01-01' });
    const renamed = await write('Update', 'newpromotion', { id: other.id, version: other.version, code: 'SHARED' });
    expect(renamed.status).toBe(409);
    // A renamed rule frees its old code; a deleted promotion frees its code.
    const moved = await write('Update', 'newpromotion', { id: other.id, version: other.version, code: 'RULE2' });
    expect(moved.status).toBe(200);
    expect(
      (
        await write('Insert', 'promotion', {
          code: 'RULE1',
          name: 'P',
          kind: 'percentOff',
          value: '5',
          validFrom: '2024-01-01',
        })
      ).status,
    ).toBe(200);
    const [shared] = (
      await t.post<Row[]>('/DataRepository/fetch/promotion', {
        filters: [{ ColumnName: 'code', ColumnValue: 'SHARED', Operator: 'EQ' }],
      })
    ).body.data;
    expect((await t.post('/DataRepository/Execute/promotion', { action: 'delete', ids: [shared!.id] })).status).toBe(
      200,
    );
    expect((await write('Insert', 'newpromotion', { code: 'SHARED', name: 'R', validFrom: '2024-01-01' })).status).toBe(
      200,
    );
  });

  it('two kinds saving one code at once: one of them gets it', async () => {
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? write('Insert', 'promotion', {
              code: 'RACE',
              name: `P${i}`,
              kind: 'percentOff',
              value: '5',
              validFrom: '2024-01-01',
            })
          : write('Insert', 'newpromotion', { code: 'RACE', name: `R${i}`, validFrom: '2024-01-01' }),
      ),
    );
    expect(saves.filter((s) => s.status === 200)).toHaveLength(1);
    expect(saves.filter((s) => s.status === 409)).toHaveLength(7);
  });
});
