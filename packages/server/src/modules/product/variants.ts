import { generateVariantsRequest, getEntity } from '@backroom/schema';
import { rowAction, type ActionCall, type EntityHook } from '../../data/hooks';
import { apiRow } from '../../data/read';
import type { Row } from '../../data/store';
import { insertRow } from '../../data/write';
import { ApiError, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { entityRow } from '../../openapi/registry-schemas';
import { z } from 'zod';
import { typedDb } from '../../db/types';

const attributeEntity = getEntity('attribute');
const productEntity = getEntity('product');

/** Fields a variant takes over from its parent. */
const INHERITED = [
  'category',
  'department',
  'brand',
  'uom',
  'costPrice',
  'sellingPrice',
  'taxCode',
  'taxInclusive',
  'trackStock',
  'allowOpenPrice',
  'allowDiscount',
  'minimumPrice',
];

interface Choice {
  attribute: number;
  code: string;
  name: string;
}

/** The chosen values of list attributes, per attribute in the order sent. */
async function choices(call: ActionCall, attributes: { attribute: number; values: number[] }[]): Promise<Choice[][]> {
  const axes: Choice[][] = [];
  for (const [i, wanted] of attributes.entries()) {
    const attribute = await apiRow(call.ctx, call.trx, attributeEntity, wanted.attribute, { labels: false });
    const field = `attributes.${i}.attribute`;
    if (!attribute) throw validationError([{ field, message: `No attribute ${wanted.attribute}` }]);
    if (attribute.kind !== 'list')
      throw validationError([
        { field, message: `${String(attribute.name)} is not a list attribute: only list attributes are variant axes` },
      ]);
    const values = new Map((attribute.values as Row[]).map((v) => [v.id as number, v]));
    axes.push(
      [...new Set(wanted.values)].map((valueId, j) => {
        const value = values.get(valueId);
        if (!value)
          throw validationError([
            { field: `attributes.${i}.values.${j}`, message: `${String(attribute.name)} has no value ${valueId}` },
          ]);
        return { attribute: wanted.attribute, code: value.code as string, name: value.name as string };
      }),
    );
  }
  return axes;
}

const combinations = (axes: Choice[][]): Choice[][] =>
  axes.reduce<Choice[][]>((acc, axis) => acc.flatMap((combo) => axis.map((c) => [...combo, c])), [[]]);

const keyOf = (values: readonly Row[]) =>
  values
    .map((v) => `${String(v.attribute)}=${String(v.value)}`)
    .sort()
    .join('|');

/**
 * `GenerateVariants {productId, attributes:[{attribute, values:[valueId…]}]}` on a variant parent: one
 * child product per combination of the chosen list-attribute values, skipping combinations a child
 * already has. Each goes through the generic insert (validation, audit, price history) in the
 * action's transaction; answers the created rows.
 */
async function generateVariants(call: ActionCall): Promise<Row[]> {
  const body = parseBody(generateVariantsRequest, { productId: call.ids[0], ...call.body });
  const product = call.entity;
  const parent = await apiRow(call.ctx, call.trx, product, body.productId, { labels: false });
  if (!parent) throw new ApiError(404, `${product.label}: no row ${body.productId}`);
  if (parent.type !== 'variantParent')
    throw validationError([{ field: 'productId', message: `${String(parent.code)} is not a variant parent` }]);

  const children = await typedDb(call.trx)
    .selectFrom('product')
    .select('id')
    .where('parent_id', '=', body.productId)
    .execute();
  const existing = new Set<string>();
  for (const child of children) {
    const row = await apiRow(call.ctx, call.trx, product, child.id, { labels: false });
    existing.add(keyOf(row!.variantAttributeValues as Row[]));
  }

  const created: Row[] = [];
  for (const combo of combinations(await choices(call, body.attributes))) {
    const values = combo.map((c) => ({ attribute: c.attribute, value: c.code }));
    if (existing.has(keyOf(values))) continue;
    const row: Row = Object.fromEntries(INHERITED.map((name) => [name, parent[name]]));
    Object.assign(row, {
      code: [parent.code, ...combo.map((c) => c.code)].join('-'),
      name: [parent.name, ...combo.map((c) => c.name)].join(' '),
      type: 'standard',
      parent: body.productId,
      variantAttributeValues: values,
    });
    created.push(await insertRow(call, product, row));
    existing.add(keyOf(values));
  }
  return created;
}

export const productVariants: EntityHook = {
  actions: { GenerateVariants: rowAction(z.array(entityRow(productEntity)), generateVariants) },
};
