import type { OnlineOrderDto, OnlineOrderItemDto, OnlineOrderStatus } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dropdown, fail, menuItem, ok, renderSignedIn, stubServer } from '../test/app';
import OrderBoard, { BOARD_POLL_MS } from './OrderBoard';

const item = (id: number, quantity: string): OnlineOrderItemDto => ({
  id,
  product: id,
  name: null,
  quantity,
  unitPrice: '3.50',
  lineTotal: null,
  remarks: null,
});

const order = (id: number, status: OnlineOrderStatus): OnlineOrderDto => ({
  id,
  version: 1,
  orderNo: `ON-2026-00000${id}`,
  channel: 1,
  outlet: 1,
  customerName: `Customer ${id}`,
  customerPhone: null,
  customerAddress: null,
  items: [item(1, '1.000'), item(2, '2.000')],
  subtotal: '11.00',
  fees: '0.00',
  total: '11.00',
  fulfilment: 'pickup',
  notes: null,
  status,
  cancelReason: null,
  paymentStatus: 'unpaid',
});

describe('online order board', () => {
  it('shows orders in columns by status, moves them with the buttons, and picks up new orders by polling', async () => {
    const orders = [order(1, 'new'), order(2, 'ready'), order(3, 'completed')];
    const server = stubServer((call) => {
      if (call.url.endsWith('/fetch/onlinesalesorder'))
        return ok(
          orders.map((o) => ({ ...o })),
          orders.length,
        );
      if (call.url.endsWith('/Execute/onlinesalesorder')) {
        const body = call.body as { action: string; ids: number[] };
        const target = orders.find((o) => o.id === body.ids[0])!;
        if (body.action === 'accept' && target.status === 'new') target.status = 'accepted';
        else return fail(409, `Order ${target.orderNo} is ${target.status}`);
        return ok(target);
      }
      return undefined;
    });
    await renderSignedIn(<OrderBoard item={menuItem('/onlinesalesorder')} title="Online orders" />);
    const column = (name: string) => screen.getByRole('list', { name });
    await screen.findByRole('listitem', { name: 'ON-2026-000001' });
    expect(within(column('New')).getByRole('listitem', { name: 'ON-2026-000001' })).toHaveTextContent(
      'Customer 1 · 2 items',
    );
    expect(within(column('Ready')).getByRole('listitem', { name: 'ON-2026-000002' })).toBeInTheDocument();
    expect(within(column('Completed')).getByRole('listitem', { name: 'ON-2026-000003' })).toBeInTheDocument();
    // Only the actions the status allows; closed orders have none.
    const first = within(column('New')).getByRole('listitem', { name: 'ON-2026-000001' });
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Cancel']);
    expect(
      within(column('Ready'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Complete', 'Cancel']);
    expect(within(column('Completed')).queryAllByRole('button')).toHaveLength(0);

    await userEvent.click(within(first).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(within(column('Accepted')).getByRole('listitem', { name: 'ON-2026-000001' })).toBeInTheDocument(),
    );
    expect(server.posted('/Execute/onlinesalesorder')).toEqual([{ action: 'accept', ids: [1] }]);

    // An order placed by a channel meanwhile shows up without a reload.
    orders.push(order(4, 'new'));
    await waitFor(
      () => expect(within(column('New')).getByRole('listitem', { name: 'ON-2026-000004' })).toBeInTheDocument(),
      { timeout: BOARD_POLL_MS + 3000 },
    );
  }, 15_000);

  it('cancels with a reason chosen from the CANCEL_REASON list, and shows a refused move', async () => {
    const orders = [order(2, 'preparing')];
    const server = stubServer((call) => {
      if (call.url.endsWith('/fetch/onlinesalesorder')) return ok(orders, orders.length);
      if (call.url.includes('/GetDropDown/listvalue')) return dropdown([{ text: 'Customer request', value: 7 }]);
      if (call.url.endsWith('/Execute/onlinesalesorder')) {
        const body = call.body as { action: string };
        return body.action === 'cancel'
          ? ok({ ...orders[0], status: 'cancelled' })
          : fail(409, 'Order ON-2026-000002 was moved on by someone else meanwhile');
      }
      return undefined;
    });
    await renderSignedIn(<OrderBoard item={menuItem('/onlinesalesorder')} title="Online orders" />);
    const card = await screen.findByRole('listitem', { name: 'ON-2026-000002' });
    await userEvent.click(within(card).getByRole('button', { name: 'Ready' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('moved on by someone else');

    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    const confirm = within(card).getByRole('button', { name: 'Cancel order' });
    expect(confirm).toBeDisabled();
    await userEvent.selectOptions(
      await within(card).findByRole('combobox', { name: 'Cancel reason' }),
      await within(card).findByRole('option', { name: 'Customer request' }),
    );
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(server.posted('/Execute/onlinesalesorder')).toContainEqual({ action: 'cancel', ids: [2], reason: 7 }),
    );
    expect(server.bodies('/GetDropDown/listvalue')).toHaveLength(1);
  });

  it('searches every column on the server by order no. or customer, and offers Export', async () => {
    const server = stubServer((call) => {
      if (!call.url.endsWith('/fetch/onlinesalesorder')) return undefined;
      const found =
        (call.body as { search?: string }).search === 'Customer 3'
          ? [order(3, 'completed')]
          : [order(1, 'new'), order(3, 'completed')];
      return ok(found, found.length);
    });
    await renderSignedIn(<OrderBoard item={menuItem('/onlinesalesorder')} title="Online orders" />);
    await screen.findByRole('listitem', { name: 'ON-2026-000001' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'Customer 3{Enter}');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'ON-2026-000001' })).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('list', { name: 'Completed' })).getByRole('listitem', { name: 'ON-2026-000003' }),
    ).toBeInTheDocument();
    expect(server.bodies('/fetch/onlinesalesorder').at(-1)).toMatchObject({ search: 'Customer 3' });
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('offers no buttons to a user who may only view', async () => {
    stubServer((call) => (call.url.endsWith('/fetch/onlinesalesorder') ? ok([order(1, 'new')], 1) : undefined));
    await renderSignedIn(
      <OrderBoard item={menuItem('/onlinesalesorder', { ableToEdit: false })} title="Online orders" />,
    );
    const card = await screen.findByRole('listitem', { name: 'ON-2026-000001' });
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
  });
});
