import { findEntity, type NormalisedField } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { withServerFields } from './customFields';

const product = findEntity('product')!;
const withoutCosts = (fields: readonly NormalisedField[]): NormalisedField[] =>
  fields
    .filter((f) => f.name !== 'costPrice')
    .map((f) =>
      f.kind === 'children' && f.name === 'supplierMapping'
        ? { ...f, fields: f.fields.filter((c) => c.name !== 'cost') }
        : f,
    );

describe('withServerFields', () => {
  it('leaves out of forms and lists the field groups the server did not serve (a role without costs)', () => {
    const entity = withServerFields(product, withoutCosts(product.fields));
    expect(entity.fields.map((f) => f.name)).not.toContain('costPrice');
    const mapping = entity.fields.find((f) => f.name === 'supplierMapping');
    expect(mapping?.kind === 'children' && mapping.fields.map((c) => c.name)).toEqual(
      expect.arrayContaining(['supplier', 'preferred']),
    );
    expect(mapping?.kind === 'children' && mapping.fields.map((c) => c.name)).not.toContain('cost');
    expect(entity.sections.find((s) => s.name === 'pricing')?.fields).toEqual(expect.arrayContaining(['sellingPrice']));
    expect(entity.sections.flatMap((s) => s.fields)).not.toContain('costPrice');
  });

  it('keeps every field the server served, and adds its custom fields', () => {
    const custom = {
      ...product.fields.find((f) => f.name === 'shortName')!,
      name: 'season',
      label: 'Season',
      custom: true,
    } as NormalisedField;
    const entity = withServerFields(product, [...product.fields, custom]);
    expect(entity.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['costPrice', 'season']));
    expect(withServerFields(product, product.fields)).toBe(product);
  });
});
