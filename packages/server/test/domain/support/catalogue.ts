import { findEntity } from '@backroom/schema';
import { startTestServer, type ApiResponse, type TestServer } from '../../support/server';
import { RowBuilder, type Row } from '../../data/support/rows';

export type { Row };

export const product = findEntity('product')!;

/** A test server with the administrator signed in and helpers to call the API as them. */
export interface Catalogue {
  t: TestServer;
  admin: string;
  builder: RowBuilder;
  post<T = Row>(path: string, body?: unknown, token?: string): Promise<ApiResponse<T>>;
  get<T = Row>(path: string, token?: string): Promise<ApiResponse<T>>;
  /** A product with the given fields; no child rows unless given. */
  newProduct(overrides?: Row): Promise<Row>;
}

let codes = 0;

export async function startCatalogue(options: Parameters<typeof startTestServer>[0] = {}): Promise<Catalogue> {
  const t = await startTestServer(options);
  const admin = (await t.login('admin', 'Admin@123')).accessToken;
  const builder = new RowBuilder(t, admin);
  const post = <T = Row>(path: string, body?: unknown, token = admin) => t.call<T>('POST', path, { token, body: body ?? {} });
  const get = <T = Row>(path: string, token = admin) => t.call<T>('GET', path, { token });
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
  return { t, admin, builder, post, get, newProduct };
}
