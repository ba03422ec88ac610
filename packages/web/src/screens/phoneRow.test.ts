import { describe, expect, it } from 'vitest';
import { findEntity, type NormalisedEntity } from '@backroom/schema';
import { inSentence } from './ListEmpty';
import { phoneRowOf } from './phoneRow';

const entity = (name: string) => findEntity(name) as NormalisedEntity;
const names = (fields: { name: string }[]) => fields.map((f) => f.name);
const shown = (e: NormalisedEntity) => e.listColumns.map((n) => e.fields.find((f) => f.name === n)!);

describe('a list row on a phone', () => {
  it('by default: the name in bold, the code beside it, money at the end, two other columns below', () => {
    const product = entity('product');
    const row = phoneRowOf(product, shown(product));
    expect(names(row.title)).toEqual(['name']);
    expect(names(row.code)).toEqual(['code']);
    expect(names(row.end)).toEqual(['sellingPrice']);
    expect(names(row.detail)).toEqual(['barcode', 'category']);
  });

  it('takes a computed figure (a product’s on hand) as the feature chooses it', () => {
    const product = entity('product');
    const row = phoneRowOf(product, shown(product), { title: ['name'], end: ['sellingPrice', 'onHand'] });
    expect(row.end.map((f) => [f.name, f.kind, f.readOnly])).toEqual([
      ['sellingPrice', 'money', false],
      ['onHand', 'quantity', true],
    ]);
  });

  it('a row named by its code alone (an order number) has it as its title', () => {
    const order = entity('printdeliveryorder');
    const row = phoneRowOf(order, shown(order));
    expect(names(row.title)).toEqual(['docNo']);
    expect(row.code).toEqual([]);
  });

  it('takes a feature’s choice as it is', () => {
    const product = entity('product');
    const row = phoneRowOf(product, shown(product), { title: ['name'], code: ['code'], end: ['sellingPrice'] });
    expect([names(row.title), names(row.code), names(row.end), row.detail]).toEqual([
      ['name'],
      ['code'],
      ['sellingPrice'],
      [],
    ]);
  });
});

describe('a list’s name inside a sentence', () => {
  it('starts small, unless it starts with an acronym', () => {
    expect(inSentence('Products', 'en')).toBe('products');
    expect(inSentence('GST setup', 'en')).toBe('GST setup');
    expect(inSentence('Stock-out reasons', 'ms')).toBe('stock-out reasons');
  });
});
