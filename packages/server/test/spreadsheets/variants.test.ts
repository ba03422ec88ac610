import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { importSheet, legacyOf, productByCode, rowsOf, xlsx } from './support';

const c = useCatalogue();
const HEADER = ['SKU', 'Name', 'Category', 'Unit of measure', 'Selling price', 'Parent product', 'Variant attributes'];
const ids: Record<string, number> = {};
const variant = (code: string) => productByCode(c, code);

beforeAll(async () => {
  await c.builder.insert(findEntity('category')!, { code: 'TEES', name: 'Tees' });
  const attribute = findEntity('attribute')!;
  ids.size = Number(
    (
      await c.builder.insert(attribute, {
        code: 'SIZE',
        name: 'Size',
        kind: 'list',
        values: [
          { code: 'S', name: 'Small' },
          { code: 'M', name: 'Medium' },
        ],
      })
    ).id,
  );
  ids.colour = Number(
    (
      await c.builder.insert(attribute, {
        code: 'COLOUR',
        name: 'Colour',
        kind: 'list',
        values: [{ code: 'RED', name: 'Red' }],
      })
    ).id,
  );
  await c.builder.insert(attribute, { code: 'NOTE', name: 'Note', kind: 'text', values: [] });
  ids.tee = Number((await c.newProduct({ code: 'TEE', type: 'variantParent' })).id);
  await c.newProduct({ code: 'PLAIN' });
});

describe('variants in the product importer', () => {
  it('has a Variant attributes column explained in the template', async () => {
    const response = await fetch(`${legacyOf(c)}/DataExporter/ExportBlankTemplate/product/new`, {
      headers: { authorization: `Bearer ${c.tokens.admin}` },
    });
    expect((await rowsOf(await response.arrayBuffer()))[0]).toContain('Variant attributes');
  });

  it('reports unknown attributes and values, text attributes and a missing or wrong parent, and writes nothing', async () => {
    const job = await importSheet(
      c,
      await xlsx(HEADER, [
        ['TEE-S', 'Tee S', 'TEES', 'PCS', 10, 'TEE', 'SIZE=S'],
        ['TEE-X', 'Tee XL', 'TEES', 'PCS', 10, 'TEE', 'SIZE=XL'],
        ['TEE-Y', 'Tee Y', 'TEES', 'PCS', 10, null, 'SIZE=S'],
        ['TEE-Z', 'Tee Z', 'TEES', 'PCS', 10, 'TEE', 'NOTE=x; WEIGHT=2'],
        ['TEE-W', 'Tee W', 'TEES', 'PCS', 10, 'PLAIN', 'SIZE=M'],
        ['TEE-V', 'Tee V', 'NO-SUCH', 'PCS', 10, 'NO-PARENT', 'SIZE=M'],
      ]),
      'product',
      'commit',
    );
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'Variant attributes'],
      [4, 'Parent product'],
      [5, 'Variant attributes'],
      [6, 'Parent product'],
      [7, 'Category'],
      [7, 'Parent product'],
    ]);
    expect(job.errors[0]!.message).toBe('Size has no value "XL"');
    expect(job.errors[2]!.message).toBe(
      'Note is not a list attribute: only list attributes are variant axes; Variant attributes: "WEIGHT" is not the code or name of any of the attributes',
    );
    expect(await variant('TEE-S')).toBeUndefined();
  });

  it('imports variants by parent code and attribute values (codes or names), then counts them unchanged', async () => {
    const rows = [
      ['TEE-S', 'Tee S', 'TEES', 'PCS', 10, 'TEE', 'SIZE=S; COLOUR=RED'],
      ['TEE-M', 'Tee M', 'TEES', 'PCS', 10, 'TEE', 'size = Medium'],
    ];
    expect(await importSheet(c, await xlsx(HEADER, rows), 'product', 'commit')).toMatchObject({
      committed: true,
      inserted: 2,
      errorCount: 0,
    });
    const small = (await variant('TEE-S'))!;
    expect(small.parent).toBe(ids.tee);
    expect((small.variantAttributeValues as Row[]).map((l) => [l.attribute, l.value])).toEqual([
      [ids.size, 'S'],
      [ids.colour, 'RED'],
    ]);
    expect(await importSheet(c, await xlsx(HEADER, rows), 'product', 'commit')).toMatchObject({
      unchanged: 2,
      updated: 0,
    });
    expect(
      await importSheet(
        c,
        await xlsx(HEADER, [['TEE-M', 'Tee M', 'TEES', 'PCS', 10, 'TEE', 'SIZE=S']]),
        'product',
        'commit',
      ),
    ).toMatchObject({ updated: 1 });
    expect(((await variant('TEE-M'))!.variantAttributeValues as Row[]).map((l) => l.value)).toEqual(['S']);
  });
});
