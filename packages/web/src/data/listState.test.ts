import { describe, expect, it } from 'vitest';
import { findEntity } from '@backroom/schema';
import { filterKindOf, readListState, toFetchRequest, writeListState } from './listState';

const product = findEntity('product')!;
const field = (name: string) => product.fields.find((f) => f.name === name)!;

describe('list state in the address', () => {
  it('round-trips page, size, sort, search and filters, leaving defaults out', () => {
    const state = {
      page: 3,
      size: 25,
      sort: { field: 'name', direction: 'desc' as const },
      search: 'milk',
      filters: { code: 'A', 'sellingPrice.min': '1.5', category: '7' },
    };
    const params = writeListState(state, product, 10);
    expect(params.toString()).toBe('page=3&size=25&sort=-name&q=milk&f.code=A&f.sellingPrice.min=1.5&f.category=7');
    expect(readListState(new URLSearchParams(params.toString()), product, 10)).toEqual(state);
    expect(writeListState(readListState(new URLSearchParams(''), product, 10), product, 10).toString()).toBe('');
    expect(readListState(new URLSearchParams(''), product, 10)).toEqual({
      page: 1,
      size: 10,
      sort: { field: 'code', direction: 'asc' },
      search: '',
      filters: {},
    });
  });

  it('picks the operator by kind: text LIKE, choices EQ, numbers and dates GTE/LTE', () => {
    expect(
      ['code', 'type', 'isActive', 'category', 'brand', 'sellingPrice', 'createdAt', 'description', 'images'].map((n) =>
        filterKindOf(field(n)),
      ),
    ).toEqual(['text', 'select', 'select', 'select', 'select', 'range', 'range', 'none', 'none']);
    const state = readListState(
      new URLSearchParams('f.code=A&f.category=7&f.isActive=false&f.sellingPrice.max=9.90&f.type=standard'),
      product,
      10,
    );
    expect(toFetchRequest(state, product, [{ ColumnName: 'x', ColumnValue: 1, Operator: 'EQ' }]).filters).toEqual([
      { ColumnName: 'x', ColumnValue: 1, Operator: 'EQ' },
      { ColumnName: 'code', ColumnValue: 'A', Operator: 'LIKE' },
      { ColumnName: 'category', ColumnValue: 7, Operator: 'EQ' },
      { ColumnName: 'type', ColumnValue: 'standard', Operator: 'EQ' },
      { ColumnName: 'sellingPrice', ColumnValue: '9.90', Operator: 'LTE' },
      { ColumnName: 'isActive', ColumnValue: false, Operator: 'EQ' },
    ]);
  });
});
