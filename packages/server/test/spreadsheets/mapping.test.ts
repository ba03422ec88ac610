import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue } from '../domain/support/catalogue';
import { anyDb } from '../../src/data/store';
import { saveMapping, signatureOf } from '../../src/modules/spreadsheets/mapping';
import { legacyOf, productByCode, waitFor } from './support';

const c = useCatalogue();
const csv = (lines: string[]) => new TextEncoder().encode(lines.join('\r\n'));

/** A file from elsewhere: none of its headers is a Backroom label. */
const FOREIGN = [
  'Artikelnummer,Bezeichnung,Warengruppe,Einheit,Verkaufspreis,Lieferant Notiz',
  'ART-1,Kaffeebecher,MUGS,PCS,4.50,ignore me',
  'ART-2,Teebecher,MUGS,PCS,3.90,ignore me too',
];
const MAPPING = {
  Artikelnummer: 'code',
  Bezeichnung: 'name',
  Warengruppe: 'category',
  Einheit: 'uom',
  Verkaufspreis: 'sellingPrice',
  'Lieferant Notiz': null,
};

interface Answer {
  data: {
    jobId: number;
    source: { name: string } | null;
    columns: { header: string; field: string | null; by: string; lost?: string }[];
  };
  errors?: { field: string; message: string }[];
}

async function send(content: Uint8Array, fields: Record<string, string>, path = 'SubmitDataImport') {
  const form = new FormData();
  form.append('importType', 'product');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([content]), 'items.csv');
  const { status, body } = await c.call<Answer['data']>('POST', `${legacyOf(c)}/DataImporter/${path}`, {
    form,
    token: c.tokens.admin,
  });
  return { status, body: body as Answer };
}

beforeAll(async () => {
  await c.builder.insert(findEntity('category')!, { code: 'MUGS', name: 'Mugs' });
});

describe('column mapping over the API', () => {
  it('offers a mapping by name, label and synonym, and ignores what matches nothing', async () => {
    const offer = await send(csv(['Item code,Product Name,RRP,Colour of box', 'A,B,1,red']), {}, 'InspectImport');
    expect(offer.status).toBe(200);
    expect(offer.body.data.source).toBeNull();
    expect(offer.body.data.columns).toEqual([
      { header: 'Item code', field: 'code', by: 'synonym' },
      { header: 'Product Name', field: 'name', by: 'synonym' },
      { header: 'RRP', field: 'compareAtPrice', by: 'synonym' },
      { header: 'Colour of box', field: null, by: 'none' },
    ]);
  });

  it('refuses bad mapping JSON and unknown fields with 400 naming the field', async () => {
    const bad = await send(csv(FOREIGN), { mode: 'validate', mapping: '{not json' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('mapping');
    const unknown = await send(csv(FOREIGN), { mode: 'validate', mapping: JSON.stringify({ Bezeichnung: 'colour' }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]).toMatchObject({ field: 'mapping' });
    expect(unknown.body.errors?.[0]?.message).toBe(
      'The column "Bezeichnung" goes into "colour", which is no field of the products: choose another field or ignore the column',
    );
  });

  it('imports a custom-mapped CSV, and offers the same mapping for the next file like it', async () => {
    const first = await send(csv(FOREIGN), { mode: 'commit', mapping: JSON.stringify(MAPPING) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const job = await waitFor(c, first.body.data.jobId);
    expect(job.errors).toEqual([]);
    expect(job).toMatchObject({ committed: true, inserted: 2, source: null, ignoredColumns: ['Lieferant Notiz'] });
    expect(await productByCode(c, 'ART-1')).toMatchObject({ name: 'Kaffeebecher', sellingPrice: '4.50' });

    const offer = await send(csv([FOREIGN[0]!, 'ART-3,Eierbecher,MUGS,PCS,2.00,x']), {}, 'InspectImport');
    expect(offer.body.data.columns).toContainEqual({ header: 'Verkaufspreis', field: 'sellingPrice', by: 'saved' });
    expect(offer.body.data.columns).toContainEqual({ header: 'Lieferant Notiz', field: null, by: 'saved' });
    // Over the API the saved mapping is applied when none is sent.
    const again = await send(csv([FOREIGN[0]!, 'ART-3,Eierbecher,MUGS,PCS,2.00,x']), { mode: 'commit' });
    const second = await waitFor(c, again.body.data.jobId);
    expect(second).toMatchObject({ errorCount: 0, inserted: 1, committed: true });
  });

  it('offers a saved column whose field no longer exists as ignored, naming the field, so the offer can be confirmed', async () => {
    const header = 'Artikelnummer,Bezeichnung,Warengruppe,Einheit,Verkaufspreis,Regal';
    // Saved when the products had a custom field "shelf", deleted since.
    await saveMapping(
      anyDb(c.server.app.ctx),
      'product',
      signatureOf(header.split(',')),
      { ...MAPPING, Regal: 'shelf' },
      'admin',
    );
    const file = csv([header, 'ART-7,Eierlöffel,MUGS,PCS,1.20,A3']);
    const offer = await send(file, {}, 'InspectImport');
    expect(offer.body.data.columns).toContainEqual({ header: 'Regal', field: null, by: 'saved', lost: 'shelf' });
    expect(offer.body.data.columns).toContainEqual({ header: 'Bezeichnung', field: 'name', by: 'saved' });

    const confirmed = Object.fromEntries(offer.body.data.columns.map((col) => [col.header, col.field]));
    const sent = await send(file, { mode: 'validate', mapping: JSON.stringify(confirmed) });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const job = await waitFor(c, sent.body.data.jobId);
    expect(job).toMatchObject({ errorCount: 0, ignoredColumns: ['Regal'] });
  });

  it('reports an unknown column as ignored, not as an error, and header problems do not hide row errors', async () => {
    const sent = await send(
      csv(['SKU,Name,Category,Unit of measure,Selling price,Shelf', 'M-1,Mug,NO-SUCH,PCS,1,A3', 'M-2,,MUGS,PCS,x,B1']),
      { mode: 'validate' },
    );
    const job = await waitFor(c, sent.body.data.jobId);
    expect(job.ignoredColumns).toEqual(['Shelf']);
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Category'],
      [3, 'Name'],
      [3, 'Selling price'],
    ]);
    const missingKey = await send(csv(['Name,Category', 'Mug,MUGS', 'Cup,NO-SUCH']), { mode: 'validate' });
    const keyless = await waitFor(c, missingKey.body.data.jobId);
    expect(keyless.errors[0]).toMatchObject({ row: 1, column: 'SKU' });
    expect(keyless.errors.some((e) => e.row === 3 && e.column === 'Category')).toBe(true);
  });
});
