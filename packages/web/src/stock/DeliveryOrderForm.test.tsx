import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import {
  DOCUMENT_REFUSALS,
  STOCK_REFUSALS,
  type DeliveryOrderLineDto,
  type DeliveryOrderStatus,
} from '@backroom/schema';
import ms from '../../public/locales/ms/translations.json';
import { dropdown, emptyList, fail, menuItem, ok, renderScreen, stubServer, type Call } from '../test/app';
import type { DeliveryOrder } from './api';

const line = (
  id: number,
  product: number,
  name: string,
  quantity: string,
  extra: Partial<DeliveryOrderLineDto> = {},
): DeliveryOrderLineDto => ({
  id,
  product,
  productLabel: name,
  quantity,
  uom: null,
  receivedQty: null,
  inTransitQty: null,
  writtenOffQty: null,
  discrepancy: null,
  ...extra,
});
const order = (status: DeliveryOrderStatus, version: number, extra: Partial<DeliveryOrder> = {}): DeliveryOrder => ({
  id: 5,
  docNo: 'DO-2025-000005',
  status,
  version,
  fromLocation: 1,
  fromLocationLabel: 'Central warehouse',
  toLocation: 2,
  toLocationLabel: 'Bangsar store room',
  date: '2025-03-01',
  remarks: null,
  dispatchedAt: null,
  receivedAt: null,
  lines: [line(51, 10, 'KOPI - Kopi beans', '12.000'), line(52, 11, 'TEH - Teh tarik', '3.500')],
  ...extra,
});

const isOrder = (call: Call) => call.url.endsWith('/WebAPI/deliveryorder/5');

/** Serves order 5 and its actions: `reply` answers each action from the order as it stands. */
function serveOrder(
  start: ReturnType<typeof order>,
  reply: (action: string, body: Record<string, unknown>) => ReturnType<typeof ok> | undefined,
) {
  let current = start;
  return stubServer(
    (call) => {
      if (isOrder(call) && call.method === 'GET') return ok(current);
      if (isOrder(call) && call.method === 'POST') {
        const body = call.body as Record<string, unknown>;
        const answer = reply(String(body.action), body);
        if (answer && (answer.status ?? 200) === 200) current = (answer.data as { data: typeof current }).data;
        return answer;
      }
      if (call.url.endsWith('/fields/printdeliveryorder')) return ok([]);
      return undefined;
    },
    { otherwise: emptyList },
  );
}

const step = (name: string) =>
  within(screen.getByRole('list', { name: 'Order status' }))
    .getByText(name)
    .closest('li')!;

describe('delivery order form', () => {
  it('shows the status as steps and offers only the actions the status allows, moving the order along', async () => {
    const server = serveOrder(order('draft', 1), (action, body) => {
      if (action === 'confirm') return ok(order('confirmed', Number(body.version) + 1));
      if (action === 'dispatch')
        return ok(order('dispatched', Number(body.version) + 1, { dispatchedAt: '2025-03-01T10:00:00.000Z' }));
      return undefined;
    });
    await renderScreen(menuItem('/printdeliveryorder'), '/printdeliveryorder/edit/5');
    // The first render loads the screen's chunks.
    expect(
      await screen.findByRole('heading', { name: 'Delivery order DO-2025-000005' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(step('Draft')).toHaveAttribute('aria-current', 'step');
    const actions = screen.getByRole('toolbar', { name: 'Order actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Confirm', 'Cancel order', 'Print', 'Prefill']);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    await userEvent.click(within(actions).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('DO-2025-000005 is confirmed.')).toBeInTheDocument();
    expect(server.posted('/WebAPI/deliveryorder/5')).toEqual([{ action: 'confirm', version: 1 }]);
    expect(step('Confirmed')).toHaveAttribute('aria-current', 'step');
    expect(step('Draft')).toHaveClass('status-step-done');
    const next = screen.getByRole('toolbar', { name: 'Order actions' });
    expect(
      within(next)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Dispatch', 'Cancel order', 'Print']);
    // Lines are edited in draft only.
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(
      screen.getAllByRole('textbox').filter((box) => !(box as HTMLInputElement).disabled && box.closest('form')),
    ).toEqual([]);

    await userEvent.click(within(next).getByRole('button', { name: 'Dispatch' }));
    expect(await screen.findByText(/is dispatched/)).toBeInTheDocument();
    expect(step('Dispatched')).toHaveAttribute('aria-current', 'step');
    expect(
      within(screen.getByRole('toolbar', { name: 'Order actions' }))
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Receive…', 'Close short…', 'Print']);
  });

  it('names the short lines when a dispatch is refused', async () => {
    serveOrder(order('confirmed', 2), () =>
      fail(409, 'Not enough stock at Central warehouse for line 2 of DO-2025-000005', [
        {
          field: 'lines.1.quantity',
          message: 'Line 2: TEH Teh tarik: 1.000 on hand at Central warehouse, 3.500 to dispatch',
        },
      ]),
    );
    await renderScreen(menuItem('/printdeliveryorder'), '/printdeliveryorder/edit/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Dispatch' }));
    expect(
      await screen.findByText('Not enough stock at Central warehouse for line 2 of DO-2025-000005'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Line 2: TEH Teh tarik: 1.000 on hand at Central warehouse, 3.500 to dispatch'),
    ).toBeInTheDocument();
    expect(step('Confirmed')).toHaveAttribute('aria-current', 'step');
  });

  it('names the short lines in Malay, the stock’s figures and names as they are', async () => {
    const short = { location: 'Central warehouse', document: 'DO-2025-000005' };
    serveOrder(order('confirmed', 2), () =>
      fail(409, STOCK_REFUSALS.dispatchShortLines({ ...short, lines: '1, 2' }), [
        {
          field: 'lines.1.quantity',
          message: STOCK_REFUSALS.dispatchLine({
            line: 2,
            product: 'TEH Teh tarik',
            onHand: '1.000',
            location: short.location,
            wanted: '3.500',
          }),
        },
      ]),
    );
    i18n.addResourceBundle('ms', 'translations', ms);
    await i18n.changeLanguage('ms');
    try {
      await renderScreen(menuItem('/printdeliveryorder'), '/printdeliveryorder/edit/5');
      await userEvent.click(await screen.findByRole('button', { name: 'Hantar' }));
      expect(
        await screen.findByText('Stok di Central warehouse tidak mencukupi untuk baris 1, 2 DO-2025-000005'),
      ).toBeInTheDocument();
      expect(
        screen.getByText('Baris 2: TEH Teh tarik: 1.000 dalam tangan di Central warehouse, 3.500 untuk dihantar'),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says in Malay that an order moved on meanwhile cannot be dispatched, its states in Malay', async () => {
    const message = DOCUMENT_REFUSALS.deliveryOrderState({
      document: 'DO-2025-000005',
      status: 'dispatched',
      done: 'dispatched',
      states: 'confirmed',
    });
    serveOrder(order('confirmed', 2), () => fail(409, message, [{ field: 'status', message }]));
    i18n.addResourceBundle('ms', 'translations', ms);
    await i18n.changeLanguage('ms');
    try {
      await renderScreen(menuItem('/printdeliveryorder'), '/printdeliveryorder/edit/5');
      await userEvent.click(await screen.findByRole('button', { name: 'Hantar' }));
      expect(
        await screen.findByText(
          'Pesanan penghantaran DO-2025-000005 berstatus telah dihantar: ia tidak boleh dihantar (hanya apabila berstatus disahkan)',
        ),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('receives with a quantity per line, the dispatched one unless changed', async () => {
    const server = serveOrder(order('dispatched', 3), (action, body) =>
      action === 'receive'
        ? ok(
            order('received', 4, {
              lines: [
                line(51, 10, 'KOPI - Kopi beans', '12.000', { receivedQty: '11.000', discrepancy: '-1.000' }),
                line(52, 11, 'TEH - Teh tarik', '3.500', { receivedQty: '3.500', discrepancy: '0.000' }),
              ],
              body,
            }),
          )
        : undefined,
    );
    await renderScreen(menuItem('/printdeliveryorder'), '/printdeliveryorder/edit/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Receive…' }));
    const dialog = screen.getByRole('dialog', { name: 'Receive DO-2025-000005' });
    const kopi = within(dialog).getByRole('textbox', { name: 'Received quantity of KOPI - Kopi beans' });
    expect(kopi).toHaveValue('12.000');
    await userEvent.clear(kopi);
    await userEvent.type(kopi, 'x');
    expect(within(dialog).getByRole('button', { name: 'Receive' })).toBeDisabled();
    await userEvent.clear(kopi);
    await userEvent.type(kopi, '11');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(step('Received')).toHaveAttribute('aria-current', 'step'));
    expect(server.posted('/WebAPI/deliveryorder/5')).toEqual([
      {
        action: 'receive',
        version: 3,
        lines: [
          { product: 10, receivedQty: '11' },
          { product: 11, receivedQty: '3.500' },
        ],
      },
    ]);
    expect(screen.queryByRole('toolbar', { name: 'Order actions' })!.textContent).toBe(' Print Print labels');
    // Labels for what arrived: one per unit received, a part unit rounded up.
    await userEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    const labels = await screen.findByRole('dialog', { name: 'Print labels for 2 products' });
    expect(within(labels).getByLabelText('Labels of #10')).toHaveValue('11');
    expect(within(labels).getByLabelText('Labels of #11')).toHaveValue('4');
    expect(within(labels).getByRole('status')).toHaveTextContent('15 labels');
    await userEvent.click(within(labels).getByRole('button', { name: 'Print' }));
    await waitFor(() =>
      expect(server.posted('/print/request.aspx')).toEqual([
        { document: 'shelflabels', products: [10, 11], quantities: [11, 4], outlet: null, layout: '3x8' },
      ]),
    );
  });

  it('creates a draft through the legacy address and opens it', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/WebAPI/deliveryorder') && call.method === 'POST') return ok(order('draft', 1));
        if (isOrder(call)) return ok(order('draft', 1));
        if (call.url.endsWith('/fields/printdeliveryorder')) return ok([]);
        if (call.url.includes('/GetDropDown/inventorylocation'))
          return dropdown([
            { text: 'Central warehouse', value: 1 },
            { text: 'Bangsar store room', value: 2 },
          ]);
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/printdeliveryorder'), '/printdeliveryorder/add');
    expect(await screen.findByRole('heading', { name: 'New delivery order' })).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Order actions' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true'));
    expect(server.posted('/WebAPI/deliveryorder')).toEqual([]);
  });

  it('asks before leaving a draft with unsaved changes, and lets go once they are saved', async () => {
    let current = order('draft', 1);
    const server = stubServer(
      (call) => {
        if (isOrder(call) && call.method === 'GET') return ok(current);
        if (isOrder(call) && call.method === 'PUT') {
          current = { ...current, ...(call.body as object), version: current.version + 1 };
          return ok(current);
        }
        if (call.url.endsWith('/fields/printdeliveryorder')) return ok([]);
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/printdeliveryorder'), '/printdeliveryorder/edit/5');
    const location = () => screen.getByTestId('location').textContent;
    await userEvent.type(await screen.findByLabelText('Remarks'), 'Fragile');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();

    await userEvent.click(screen.getByRole('link', { name: 'Back to list' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving your changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/printdeliveryorder/edit/5');
    expect(screen.getByLabelText('Remarks')).toHaveValue('Fragile');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toMatchObject([
      { remarks: 'Fragile', version: 1 },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled());
    await userEvent.click(screen.getByRole('link', { name: 'Back to list' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toBe('/printdeliveryorder');
  });
});
