import { findEntity } from '@backroom/schema';
import { startSignedIn, useTestServer, type HarnessOptions, type SignedInServer } from '../../support/harness';
import { RowBuilder, type Row } from '../../data/support/rows';

export type { Row };

export const product = findEntity('product')!;

/** A test server with the administrator signed in, a row builder and a product maker. */
export interface Catalogue extends SignedInServer {
  builder: RowBuilder;
  /** A product with the given fields; no child rows unless given. */
  newProduct(overrides?: Row): Promise<Row>;
}

let codes = 0;

export const catalogueOf = (t: SignedInServer) => {
  const builder = new RowBuilder(t, t.tokens.admin);
  const newProduct = async (overrides: Row = {}) => {
    const base = await builder.row(product);
    const n = ++codes;
    return builder.insert(product, {
      ...base,
      code: `T${n}`,
      name: `Test product ${n}`,
      barcode: null,
      alternateBarcodes: [],
      supplierMapping: [],
      recipeComponents: [],
      variantAttributeValues: [],
      parent: null,
      type: 'standard',
      ...overrides,
    });
  };
  return { builder, newProduct };
};

/** A catalogue for the test file (or describe block): started in beforeAll, closed in afterAll. */
export const useCatalogue = (options: HarnessOptions = {}): Catalogue =>
  useTestServer({ users: ['admin'], ...options, extend: catalogueOf });

/** A catalogue started now; the caller closes it. */
export async function startCatalogue(options: HarnessOptions = {}): Promise<Catalogue> {
  const t = await startSignedIn({ users: ['admin'], ...options });
  return { ...t, ...catalogueOf(t) };
}
