import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, renderSignedIn, stubServer } from '../test/app';
import ApiDocsPage from './ApiDocsPage';
import type { ApiDocument } from './openapi';

/** A small document shaped as the server writes its own (docs/decisions/api.md). */
const document: ApiDocument = {
  tags: [
    { name: 'DataRepository', description: 'The generic data API' },
    { name: 'pointofsale', description: 'The terminals' },
  ],
  security: [{ bearer: [] }],
  paths: {
    '/backoffice/core/api/DataRepository/Insert/product': {
      post: {
        tags: ['DataRepository'],
        summary: 'Products: add a row',
        security: [{ bearer: [] }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ProductInsert' } } } },
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['resultCode', 'data'],
                  properties: {
                    resultCode: { type: 'integer' },
                    data: { $ref: '#/components/schemas/ProductRow' },
                  },
                },
              },
            },
          },
          '4XX': { $ref: '#/components/responses/Error' },
        },
      },
    },
    '/backoffice/core/api/pointofsale/Pair': {
      post: {
        tags: ['pointofsale'],
        summary: 'Pair a terminal',
        security: [],
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { code: { type: 'string' } } } } },
        },
      },
    },
    '/backoffice/core/api/pointofsale/Catalogue': {
      get: {
        tags: ['pointofsale'],
        summary: 'What the terminal sells',
        security: [{ terminalToken: [] }],
        parameters: [{ name: 'since', in: 'query', schema: { type: 'string', format: 'date-time' } }],
      },
    },
  },
  components: {
    schemas: {
      ProductInsert: {
        type: 'object',
        required: ['code', 'category'],
        properties: {
          code: { type: 'string', title: 'SKU' },
          category: { anyOf: [{ type: 'integer' }, { type: 'string' }], title: 'Category' },
          shortName: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Printed on receipts.' },
          alternateBarcodes: {
            anyOf: [
              {
                type: 'array',
                items: { type: 'object', required: ['barcode'], properties: { barcode: { type: 'string' } } },
              },
              { type: 'null' },
            ],
          },
          kind: { enum: ['standard', 'service'] },
        },
      },
      ProductRow: {
        type: 'object',
        properties: { id: { type: 'integer', readOnly: true }, parent: { $ref: '#/components/schemas/ProductRow' } },
      },
    },
    responses: { Error: { content: { 'application/json': { schema: { type: 'object' } } } } },
    securitySchemes: {
      bearer: { description: 'A user’s access token' },
      terminalToken: { description: 'A paired terminal’s token' },
    },
  },
};

/** The list item of a field: its own line, without its nested fields. */
const fieldLine = (region: HTMLElement, name: string) =>
  within(region).getByText(name, { selector: 'code' }).parentElement!;

describe('the API reference', () => {
  it('groups the operations by tag and shows an operation’s sign-in, body and answer with $refs resolved', async () => {
    stubServer((call) => (call.url === '/api/openapi.json' ? { data: document } : undefined));
    await renderSignedIn(<ApiDocsPage />, { route: '/api-docs' });
    const data = await screen.findByRole('region', { name: 'DataRepository' });
    expect(within(data).getByText('The generic data API')).toBeInTheDocument();
    const terminals = screen.getByRole('region', { name: 'pointofsale' });
    expect(
      within(terminals)
        .getAllByText(/^\/backoffice/)
        .map((path) => path.textContent),
    ).toEqual(['/backoffice/core/api/pointofsale/Catalogue', '/backoffice/core/api/pointofsale/Pair']);
    expect(screen.getByRole('status')).toHaveTextContent('3 of 3 operations');

    // Closed, an operation draws nothing but its line; opened (the e2e test opens one from the keyboard), its details.
    expect(screen.queryByText('Request body')).toBeNull();
    await userEvent.click(within(data).getByText('Products: add a row'));
    const insert = within(data).getByRole('group');
    expect(within(insert).getByText('A user’s access token')).toBeInTheDocument();
    expect(fieldLine(insert, 'code')).toHaveTextContent('codestringrequiredSKU');
    expect(fieldLine(insert, 'category')).toHaveTextContent('categoryinteger | stringrequiredCategory');
    expect(fieldLine(insert, 'shortName')).toHaveTextContent('shortNamestring | nullPrinted on receipts.');
    expect(fieldLine(insert, 'kind')).toHaveTextContent('kind"standard" | "service"');
    // Nested objects are indented lists of their own, here an array's items.
    const barcodes = fieldLine(insert, 'alternateBarcodes');
    expect(barcodes).toHaveTextContent(/^alternateBarcodesobject\[\] \| null/);
    expect(fieldLine(barcodes, 'barcode')).toHaveTextContent('barcodestringrequired');
    // The answer: the envelope with data as the schema it names, a recursive $ref named, not expanded again.
    expect(within(insert).getByText('Answer (200)')).toBeInTheDocument();
    const answerData = fieldLine(insert, 'data');
    expect(answerData).toHaveTextContent(/^dataProductRowrequired/);
    expect(fieldLine(answerData, 'id')).toHaveTextContent('idintegerread-only');
    expect(fieldLine(answerData, 'parent')).toHaveTextContent('parentProductRow');
    expect(within(fieldLine(answerData, 'parent')).queryAllByText('id')).toEqual([]);

    await userEvent.click(within(terminals).getByText('Pair a terminal'));
    await userEvent.click(within(terminals).getByText('What the terminal sells'));
    const [catalogue, pair] = within(terminals).getAllByRole('group');
    expect(within(pair!).getByText('None: anyone may call it.')).toBeInTheDocument();
    expect(within(catalogue!).getByText('A paired terminal’s token')).toBeInTheDocument();
    expect(fieldLine(catalogue!, 'since')).toHaveTextContent('sincestring (date-time) (query)');
    expect(within(catalogue!).getByText('None.')).toBeInTheDocument();
  });

  it('finds operations by path or summary, any case, every word', async () => {
    stubServer((call) => (call.url === '/api/openapi.json' ? { data: document } : undefined));
    await renderSignedIn(<ApiDocsPage />, { route: '/api-docs' });
    const search = await screen.findByLabelText('Search by path or summary');
    await userEvent.type(search, 'datarepository/insert/PRODUCT');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 operations');
    expect(screen.getByText('Products: add a row')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'pointofsale' })).toBeNull();

    await userEvent.clear(search);
    await userEvent.type(search, 'terminal pair');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 operations');
    expect(screen.getByText('Pair a terminal')).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'no such call');
    expect(screen.getByRole('status')).toHaveTextContent('0 of 3 operations');
    expect(screen.queryAllByRole('region')).toEqual([]);
  });

  it('says so when the document cannot be loaded, and loads it on Retry', async () => {
    let fails = true;
    stubServer((call) =>
      call.url === '/api/openapi.json' ? (fails ? fail(503, 'Unavailable') : { data: document }) : undefined,
    );
    await renderSignedIn(<ApiDocsPage />, { route: '/api-docs' });
    expect(await screen.findByText('The API description could not be loaded.')).toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'DataRepository' })).toBeInTheDocument();
  });
});
