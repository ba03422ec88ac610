import { findEntity, type NormalisedField } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { withServerFields } from './customFields';

const product = findEntity('product')!;

describe('withServerFields', () => {
  it('adds the custom fields the server serves, before the system fields', () => {
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
