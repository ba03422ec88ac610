import { entities, findEntity, type NormalisedEntity } from '@backroom/schema';
import { withCustom, type AnyDb } from '../../data/store';
import { keyFields, sheetFields, type ScalarField } from './columns';
import type { Importer, TemplateOption } from './importer';
import { imageProductImporter } from './image-product';
import { alternateBarcodeImporter, recipeImporter, supplierProductImporter } from './product-lists';
import { stockCountImporter } from './stock-count';
import { withVariantAttributes } from './variant-attributes';
import { withRecipeComponents } from './recipe-column';

export type { Importer, TemplateOption };

function importerFor(
  type: string,
  entity: NormalisedEntity,
  screen: string,
  meaning: string,
  options?: readonly TemplateOption[],
): Importer | undefined {
  const key = keyFields(entity);
  if (!key || entity.readOnly) return undefined;
  const keyNames = new Set(key.map((f) => f.name));
  const columns = [...key, ...sheetFields(entity).filter((f) => !keyNames.has(f.name))];
  return {
    type,
    label: entity.label,
    entity,
    key,
    columns,
    screen,
    options: options ?? [{ text: 'All columns', value: 'all' }],
    meaning,
  };
}

const named = (name: string) => findEntity(name)!;

const ROUND_TRIP =
  'Rows are matched on the key column: a row whose key exists updates that row in the columns the sheet has; a new key inserts a row. ' +
  'Every row is checked before anything is written; the import then writes every row or none.';

/** The importers of the menu's `importer/{kind}` screens that write one registry entity. */
const NAMED: Record<string, () => Importer | undefined> = {
  product: () =>
    withRecipeComponents(
      withVariantAttributes(
        importerFor(
          'product',
          named('product'),
          'importer/product',
          `Products by SKU. Category, department, tax code and parent product are given by code (or name); brand and unit of measure by list-value code or name. A variant names its variant parent (a product of type Variant parent) in "Parent product" and its value of each list attribute in "Variant attributes" (SIZE=M; COLOUR=RED). ${ROUND_TRIP}`,
          [
            { text: 'New items', value: 'new' },
            { text: 'Update prices', value: 'prices', columns: ['costPrice', 'sellingPrice', 'minimumPrice'] },
          ],
        ),
      ),
    ),
  membership: () =>
    importerFor(
      'membership',
      named('membership'),
      'importer/membership',
      `Members by member number; the group by code or name, gender by list-value code or name. Points and spend are kept by the ledgers and cannot be imported. ${ROUND_TRIP}`,
    ),
  promotion: () =>
    importerFor(
      'promotion',
      named('promotion'),
      'importer/promotion',
      `Promotions by code: kind, value, validity and times. Items and outlets are edited on the promotion screen. ${ROUND_TRIP}`,
    ),
  recipe: recipeImporter,
  supplierproduct: supplierProductImporter,
  alternatebarcode: alternateBarcodeImporter,
  imageproduct: imageProductImporter,
  outletitembalance: stockCountImporter,
  lowquantity: () =>
    importerFor(
      'lowquantity',
      named('itemquantitytrigger'),
      'importer/lowquantity',
      `Low-quantity triggers by product SKU and warehouse code: the minimum quantity under which the product is reported low, and the quantity to reorder. ${ROUND_TRIP}`,
    ),
};

/** The importer of an `importType`, or undefined when there is none (yet). */
export function importerOf(type: string): Importer | undefined {
  const named = Object.hasOwn(NAMED, type) ? NAMED[type]!() : undefined;
  if (named) return named;
  const match = /^entity:([a-z][a-zA-Z0-9]*)$/.exec(type);
  const entity = match ? entities.find((e) => e.name === match[1]) : undefined;
  return entity
    ? importerFor(
        type,
        entity,
        entity.permission,
        `${entity.label} by ${keyFields(entity)
          ?.map((f) => f.label)
          .join(' and ')}. ${ROUND_TRIP}`,
      )
    : undefined;
}

/**
 * The importer with its entity's custom fields (`customfield` rows, read now) as columns after its
 * own, validated by their kind like any field. Importers of a domain service's own (stock count,
 * child lists, images) have none.
 */
export async function withCustomColumns(db: AnyDb, importer: Importer): Promise<Importer> {
  if (importer.custom || !importer.entity.customizable) return importer;
  const entity = await withCustom(db, importer.entity);
  if (entity === importer.entity) return importer;
  const extra = sheetFields(entity).filter((f) => f.custom);
  return { ...importer, entity, columns: [...importer.columns, ...extra] };
}

/** The columns of a template option, key first. */
export function optionColumns(importer: Importer, option: string): ScalarField[] | undefined {
  const chosen = importer.options.find((o) => o.value.toLowerCase() === option.toLowerCase());
  if (!chosen) return undefined;
  if (!chosen.columns) return importer.columns;
  const wanted = new Set(chosen.columns);
  return [...importer.key, ...importer.columns.filter((f) => wanted.has(f.name))];
}
