import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dropdown, emptyList, fail, menuItem, ok, pickOption, renderSignedIn, stubServer } from '../test/app';
import { errorModal } from '../api/errorModal';
import { ErrorModal } from '../shell/ErrorModal';
import VirtualStockScreen from './VirtualStockScreen';

const row = (
  location: number,
  product: number,
  label: string,
  onHand: string,
  extra: Record<string, unknown> = {},
) => ({
  outlet: 1,
  outletLabel: 'Bangsar',
  location,
  locationLabel: 'Bangsar store room',
  product,
  productLabel: label,
  onHand,
  reserved: '0.000',
  incoming: '0.000',
  virtual: onHand,
  minQty: null,
  lowSince: null,
  ...extra,
});
const pendingAdjustment = {
  id: 9,
  version: 1,
  location: 2,
  locationLabel: 'Mid Valley store room',
  product: 11,
  productLabel: 'PST-001 - Croissant',
  quantity: '-2.000',
  stockOutReason: 5,
  stockOutReasonLabel: 'Theft or loss',
  remarks: 'Missing after closing',
  status: 'pending',
  createdAt: '2025-03-01T10:00:00.000Z',
  createdBy: 'manager',
};

function serve(adjust = ok({ status: 'applied', onHand: '7.250', adjustment: {} })) {
  return stubServer(
    (call) => {
      if (call.url.endsWith('/OutletVirtualStockBalance/fetch'))
        return ok(
          [
            row(1, 10, 'KOPI - Kopi beans', '10.000', {
              reserved: '2.000',
              incoming: '6.500',
              virtual: '14.500',
              minQty: '20.000',
              lowSince: '2025-03-01T00:00:00Z',
            }),
          ],
          1,
        );
      if (call.url.endsWith('/OutletVirtualStockBalance/adjust')) return adjust;
      if (call.url.endsWith('/OutletVirtualStockBalance/approve'))
        return ok({ status: 'applied', onHand: '5.000', adjustment: {} });
      if (call.url.endsWith('/fetch/stockadjustment')) return ok([pendingAdjustment], 1);
      if (call.url.includes('/GetDropDown/stockoutreason'))
        return dropdown([
          { text: 'Damaged', value: 4 },
          { text: 'Theft or loss', value: 5 },
        ]);
      if (call.url.includes('/GetDropDown/outlet')) return dropdown([{ text: 'Bangsar', value: 1 }]);
      return undefined;
    },
    { otherwise: emptyList },
  );
}

describe('virtual stock screen', () => {
  it('says "Failed to fetch outlet dropdown" beside an empty outlet select, with the "Sorry," modal, when the outlets fail to load', async () => {
    stubServer((call) => (call.url.includes('/GetDropDown/outlet') ? fail(500, 'Database unavailable') : undefined), {
      otherwise: emptyList,
    });
    await renderSignedIn(
      <>
        <VirtualStockScreen item={menuItem('/virtualstock')} />
        <ErrorModal />
      </>,
    );
    const select = await screen.findByLabelText('Outlet');
    expect(await screen.findByText('Failed to fetch outlet dropdown')).toHaveAttribute('role', 'alert');
    expect(select).toHaveAccessibleDescription('Failed to fetch outlet dropdown');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All outlets']);
    expect(await screen.findByRole('dialog', { name: 'Sorry,' })).toBeInTheDocument();
    errorModal.hide();
  });

  it('shows on hand, reserved, incoming and virtual per location and product, and filters by outlet', async () => {
    const server = serve();
    await renderSignedIn(<VirtualStockScreen item={menuItem('/virtualstock', { name: 'Virtual stock' })} />);
    const table = await screen.findByRole('table', { name: 'Virtual stock' });
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['Bangsar store room', '10.000', '2.000', '6.500', '14.500', '20.000Low', 'Adjust']);
    await userEvent.selectOptions(await screen.findByLabelText('Outlet'), '1');
    await waitFor(() =>
      expect(server.bodies('/OutletVirtualStockBalance/fetch').at(-1)).toMatchObject({
        filters: [{ ColumnName: 'outlet', ColumnValue: 1, Operator: 'EQ' }],
      }),
    );
  });

  it('adjusts by a counted figure with a reason and says what on hand is now', async () => {
    const server = serve();
    await renderSignedIn(<VirtualStockScreen item={menuItem('/virtualstock')} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Adjust KOPI - Kopi beans at Bangsar store room' }),
    );
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('the counted quantity'));
    await userEvent.type(within(dialog).getByLabelText('Counted'), '7.25');
    expect(within(dialog).getByRole('button', { name: 'Adjust' })).toBeDisabled();
    await pickOption(within(dialog).getByLabelText('Stock-out reason'), 'Damaged');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(await screen.findByText('Adjusted. On hand is now 7.250.')).toBeInTheDocument();
    expect(server.posted('/OutletVirtualStockBalance/adjust')).toEqual([
      { location: 1, product: 10, stockOutReason: 4, remarks: null, counted: '7.25' },
    ]);
  });

  it('shows the server’s refusal inside the dialog', async () => {
    serve(
      fail(409, 'Only 10.000 of KOPI on hand: it cannot go below zero here', [
        { field: 'quantity', message: 'Only 10.000 of KOPI on hand: it cannot go below zero here' },
      ]),
    );
    await renderSignedIn(<VirtualStockScreen item={menuItem('/virtualstock')} />);
    await userEvent.click(await screen.findByRole('button', { name: /Adjust KOPI/ }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '-11');
    await pickOption(within(dialog).getByLabelText('Stock-out reason'), 'Damaged');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(
      await within(dialog).findByText('Only 10.000 of KOPI on hand: it cannot go below zero here'),
    ).toBeInTheDocument();
  });

  it('lists adjustments waiting for approval and approves another user’s', async () => {
    const server = serve();
    await renderSignedIn(<VirtualStockScreen item={menuItem('/virtualstock')} />);
    const pending = await screen.findByRole('table', { name: 'Waiting for approval' });
    expect(within(pending).getByText('Theft or loss')).toBeInTheDocument();
    await userEvent.click(within(pending).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved. On hand is now 5.000.')).toBeInTheDocument();
    expect(server.posted('/OutletVirtualStockBalance/approve')).toEqual([{ id: 9, version: 1 }]);
  });

  it('offers no adjustment or approval without edit rights', async () => {
    serve();
    await renderSignedIn(<VirtualStockScreen item={menuItem('/virtualstock', { ableToEdit: false })} />);
    await screen.findByRole('table', { name: 'Virtual stock' });
    expect(screen.queryByRole('button', { name: /Adjust/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});
