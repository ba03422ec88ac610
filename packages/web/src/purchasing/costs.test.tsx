import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GoodsReceipt } from '@backroom/schema';
import { emptyList, menuItem, ok, renderSignedIn, stubServer, withoutFieldGroups } from '../test/app';
import type { PurchaseOrder } from './api';
import { ReceiptsPanel } from './ReceiptsPanel';
import { ReceiveDialog } from './ReceiveDialog';
import StockValuationScreen from './StockValuationScreen';

const order = {
  id: 4,
  version: 3,
  docNo: 'PO-2026-000004',
  supplier: 1,
  location: 1,
  expectedDate: null,
  status: 'sent',
  supplierReference: null,
  lines: [{ id: 1, product: 10, productLabel: 'KOPI Kopi beans', quantity: '6.000', receivedQty: '0.000' }],
  subtotal: null,
  tax: null,
  total: null,
  remarks: null,
  sentAt: null,
  closedAt: null,
  closeReason: null,
} as unknown as PurchaseOrder;

const receipt = (costs: boolean): GoodsReceipt =>
  ({
    id: 7,
    docNo: 'GR-2026-000007',
    kind: 'receipt',
    purchaseOrder: 4,
    supplier: 1,
    location: 1,
    at: '2026-11-20T09:30:00.000Z',
    reference: 'INV-9',
    createdBy: 'manager',
    lines: [
      {
        product: 10,
        productLabel: 'KOPI Kopi beans',
        quantity: '6.000',
        ...(costs ? { unitCost: '4.00', landedCost: '0.50', lineTotal: '27.00' } : {}),
      },
    ],
    ...(costs ? { freight: '3.00', total: '27.00' } : {}),
  }) as unknown as GoodsReceipt;

const receiveDialog = () => (
  <ReceiveDialog order={order} busy={false} onReceive={() => undefined} onCancel={() => undefined} />
);
const receiptsPanel = () => (
  <ReceiptsPanel order={order} canReturn={false} busy={false} onReturn={() => undefined} onError={() => undefined} />
);
const serveReceipt = (costs: boolean) =>
  stubServer((call) => (call.url.endsWith('/fetch/goodsreceipt') ? ok([receipt(costs)], 1) : undefined), {
    otherwise: emptyList,
  });

describe('receiving, by who may see costs and who may not', () => {
  it('asks the Store Manager for freight and duty and how to spread them', async () => {
    stubServer(() => undefined, { otherwise: emptyList });
    await renderSignedIn(receiveDialog());
    const dialog = await screen.findByRole('dialog', { name: 'Receive PO-2026-000004' });
    expect(within(dialog).getByLabelText('Freight')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Duty')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Spread freight and duty by')).toBeInTheDocument();
  });

  it('asks a role without costs for quantities and a reference only', async () => {
    stubServer(() => undefined, { otherwise: emptyList });
    await renderSignedIn(receiveDialog(), { state: withoutFieldGroups() });
    const dialog = await screen.findByRole('dialog', { name: 'Receive PO-2026-000004' });
    expect(within(dialog).getByLabelText('Delivery note / invoice')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Freight')).toBeNull();
    expect(within(dialog).queryByLabelText('Duty')).toBeNull();
    expect(within(dialog).queryByLabelText('Spread freight and duty by')).toBeNull();
  });

  it('lists a receipt’s lines with their costs and total for the Store Manager', async () => {
    serveReceipt(true);
    await renderSignedIn(receiptsPanel());
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Quantity', 'Unit cost', 'Landed cost', 'Total']);
    expect(screen.getByText(/reference INV-9, total 27\.00/)).toBeInTheDocument();
  });

  it('lists a receipt’s lines without cost columns or total for a role without costs', async () => {
    serveReceipt(false);
    await renderSignedIn(receiptsPanel(), { state: withoutFieldGroups() });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Quantity']);
    expect(within(table).getByRole('row', { name: /KOPI/ })).toHaveTextContent(/^KOPI Kopi beans6\.000$/);
    expect(screen.getByText(/reference INV-9$/)).toBeInTheDocument();
    expect(screen.queryByText(/total/i)).toBeNull();
  });

  it('values the stock at a typed date once it is whole, not on every key, and says what is no date', async () => {
    const server = stubServer((call) => {
      if (call.url.endsWith('/company/Format'))
        return ok({ name: null, currency: 'MYR', timezone: 'Asia/Kuala_Lumpur' });
      if (call.url.endsWith('/stockvaluation/Fetch'))
        return ok({ date: (call.body as { date: string }).date, rows: [], total: '0.00' });
      return undefined;
    });
    await renderSignedIn(<StockValuationScreen item={menuItem('/stockvaluation', { name: 'Stock valuation' })} />);
    const date = await screen.findByLabelText('At the end of');
    await waitFor(() => expect(date).toHaveAttribute('placeholder', 'dd/mm/yyyy'));
    await waitFor(() => expect(server.posted('/stockvaluation/Fetch')).toHaveLength(1));
    // "2", "28/0", "28/09/20" on the way to 2026: one request, for the whole date.
    await userEvent.clear(date);
    await userEvent.type(date, '28/09/2026');
    await waitFor(() => expect(server.posted('/stockvaluation/Fetch').at(-1)).toEqual({ date: '2026-09-28' }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.posted('/stockvaluation/Fetch')).toHaveLength(2);

    // A two-digit year is no date: said under the box once typing pauses, and nothing is asked.
    await userEvent.clear(date);
    await userEvent.type(date, '30/09/20');
    expect(await screen.findByText('Enter a date like 28/09/2026')).toBeInTheDocument();
    expect(date).toHaveAccessibleDescription('Enter a date like 28/09/2026');
    expect(server.posted('/stockvaluation/Fetch')).toHaveLength(2);
    await userEvent.type(date, '26{Enter}');
    await waitFor(() => expect(server.posted('/stockvaluation/Fetch').at(-1)).toEqual({ date: '2026-09-30' }));
    expect(screen.queryByText('Enter a date like 28/09/2026')).toBeNull();
    expect(server.posted('/stockvaluation/Fetch')).toHaveLength(3);
  });

  it('tells a role without costs that stock values are costs, and asks the server for none', async () => {
    const server = stubServer(() => undefined, { otherwise: emptyList });
    await renderSignedIn(<StockValuationScreen item={menuItem('/stockvaluation', { name: 'Stock valuation' })} />, {
      state: withoutFieldGroups(),
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Stock values are costs, which your role may not see.');
    expect(screen.queryByLabelText('At the end of')).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
