import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyList, fail, menuItem, ok, renderSignedIn, stubServer } from '../test/app';
import TerminalStatusScreen, { REFRESH_MS } from './TerminalStatusScreen';
import TerminalSettingsScreen from './TerminalSettingsScreen';
import LayoutSetupScreen from './LayoutSetupScreen';
import SalesScreen from './SalesScreen';
import CommissionReportScreen from './CommissionReportScreen';

const status = (over: Record<string, unknown>) => ({
  id: 1,
  code: 'KL-POS1',
  name: 'Counter 1',
  outlet: 1,
  outletName: 'Kuala Lumpur',
  isActive: true,
  paired: true,
  online: true,
  lastSeenAt: '2026-01-02T03:04:05.000Z',
  appVersion: '3.2.0',
  lastSyncAt: '2026-01-02T03:00:00.000Z',
  unsentTransactions: 0,
  ...over,
});

describe('terminal status', () => {
  it('shows each terminal online or offline, paired or not, and asks again by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const server = stubServer((call) => {
      if (!call.url.endsWith('/pointofsale/Status')) return undefined;
      answers++;
      return ok({
        serverTime: '2026-01-02T03:05:00.000Z',
        onlineMinutes: 5,
        terminals: [
          status({}),
          status({
            id: 2,
            code: 'KL-POS2',
            name: 'Counter 2',
            online: false,
            paired: false,
            appVersion: null,
            unsentTransactions: 4,
          }),
        ],
      });
    });
    await renderSignedIn(<TerminalStatusScreen item={menuItem('/terminalstatus', { name: 'Terminal status' })} />);
    const table = await screen.findByRole('table', { name: 'Terminal status' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/KL-POS1 - Counter 1.*Kuala Lumpur.*Online.*Yes.*3\.2\.0/);
    expect(rows[2]).toHaveTextContent(/KL-POS2 - Counter 2.*Offline.*No.*—.*4/);
    expect(screen.getByText('1 of 2 terminals online (a heartbeat in the last 5 minutes).')).toBeInTheDocument();
    expect(answers).toBe(1);
    await vi.advanceTimersByTimeAsync(REFRESH_MS + 100);
    await waitFor(() => expect(answers).toBe(2));
    expect(server.calls.every((c) => c.method === 'GET')).toBe(true);
    vi.useRealTimers();
  });
});

describe('terminal settings', () => {
  it('saves the one settings row, inserting it the first time', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/posterminalsettings')) return ok([], 0);
        if (call.url.endsWith('/Insert/posterminalsettings'))
          return ok({ id: 1, version: 1, ...(call.body as object) });
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderSignedIn(
      <TerminalSettingsScreen item={menuItem('/posterminalsettings', { name: 'Terminal settings' })} />,
    );
    const idle = await screen.findByLabelText(/Idle lock minutes/);
    await userEvent.clear(idle);
    await userEvent.type(idle, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.posted('/Insert/posterminalsettings')).toHaveLength(1));
    expect(server.posted('/Insert/posterminalsettings')[0]).toMatchObject({ idleLockMinutes: 12 });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('is read-only without the right to edit', async () => {
    stubServer(
      (call) =>
        call.url.endsWith('/fetch/posterminalsettings')
          ? ok([{ id: 1, version: 3, idleLockMinutes: 5, roundingRule: 'none' }], 1)
          : undefined,
      { otherwise: emptyList },
    );
    await renderSignedIn(
      <TerminalSettingsScreen
        item={menuItem('/posterminalsettings', { name: 'Terminal settings', ableToEdit: false })}
      />,
    );
    expect(await screen.findByLabelText(/Idle lock minutes/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('layout setup', () => {
  it('lists a layout per outlet with a preview and shows the server’s field errors', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/layoutsetup'))
          return ok(
            [{ id: 4, version: 2, outlet: null, cartPanelPercent: '40', buttonSize: 'medium', fontScale: '1.00' }],
            1,
          );
        if (call.url.endsWith('/Update/layoutsetup'))
          return fail(400, 'Validation failed', [{ field: 'fontScale', message: 'Font scale must be at most 3' }]);
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderSignedIn(<LayoutSetupScreen item={menuItem('/layoutsetup', { name: 'Layout setup' })} />);
    const section = await screen.findByRole('region', { name: 'Every other outlet' });
    expect(within(section).getByLabelText('Preview of the till screen')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Font scale must be at most 3')).toBeInTheDocument();
    expect(server.posted('/Update/layoutsetup')[0]).toMatchObject({ id: 4, version: 2 });
  });
});

describe('sales', () => {
  it('lists the sales and opens a sale’s receipt with what the till charged, what the engine expects and a flagged voucher', async () => {
    const sale = {
      id: 9,
      receiptNo: 'KL-POS1-0001',
      at: '2026-01-02T03:04:05.000Z',
      outlet: 1,
      outletLabel: 'Kuala Lumpur',
      terminal: 1,
      terminalLabel: 'KL-POS1',
      kind: 'sale',
      subtotal: '20.00',
      discountTotal: '0.00',
      taxTotal: '0.00',
      total: '15.00',
      expectedTotal: '20.00',
      priceDifference: true,
      pointsEarned: null,
    };
    stubServer(
      (call) => {
        const filters = (call.body as { filters?: { ColumnName: string }[] } | undefined)?.filters ?? [];
        if (call.url.endsWith('/fetch/sale')) return ok([sale], 1);
        if (call.url.endsWith('/fetch/saleline'))
          return ok(
            [
              {
                id: 1,
                sale: 9,
                product: 3,
                productLabel: 'COF - Coffee',
                quantity: '2.000',
                unitPrice: '7.50',
                expectedUnitPrice: '10.00',
                lineTotal: '15.00',
                expectedLineTotal: '20.00',
              },
            ],
            1,
          );
        if (call.url.endsWith('/fetch/salepayment'))
          return ok(
            [{ id: 1, sale: 9, paymentMode: 1, paymentModeLabel: 'Cash', amount: '15.00', reference: null }],
            1,
          );
        if (call.url.endsWith('/fetch/salevoucher') && filters.length > 0)
          return ok([{ id: 1, sale: 9, code: 'ABCD-EFGH', amount: '0.00', status: 'alreadyUsed' }], 1);
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderSignedIn(<SalesScreen item={menuItem('/sale', { name: 'Sales' })} />);
    await userEvent.click(await screen.findByRole('button', { name: /View KL-POS1-0001/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Receipt KL-POS1-0001' });
    expect(await within(dialog).findByText('COF - Coffee')).toBeInTheDocument();
    expect(within(dialog).getByText('Voucher ABCD-EFGH had already been used: not redeemed')).toBeInTheDocument();
    expect(within(dialog).getByText('7.50')).toBeInTheDocument();
    expect(within(dialog).getByText('expected: 10.00')).toBeInTheDocument();
    expect(within(dialog).getByText('expected: 20.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Expected')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The till charged 15.00; the pricing engine expects 20.00 at the sale’s own time (see Price differences).',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('commission report', () => {
  it('asks for the period and shows each cashier’s commission', async () => {
    const server = stubServer((call) =>
      call.url.endsWith('/company/Format')
        ? ok({ name: null, currency: 'MYR', timezone: 'Asia/Kuala_Lumpur' })
        : call.url.endsWith('/procedure/commission')
          ? ok([
              {
                user: 3,
                userName: 'cashier',
                rule: 'C5',
                period: '2026-01',
                sales: 12,
                quantity: '20.000',
                salesTotal: '250.00',
                commission: '12.50',
              },
            ])
          : undefined,
    );
    await renderSignedIn(
      <CommissionReportScreen item={menuItem('/commissionreport', { name: 'Commission report' })} />,
    );
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveAttribute('placeholder', 'dd/mm/yyyy'));
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2026-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const table = await screen.findByRole('table', { name: 'Commission report' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/cashier.*C5.*2026-01.*12.*250\.00.*12\.50/);
    expect(server.posted('/procedure/commission')[0]).toMatchObject({ from: '2026-01-01' });

    // Enter applies the date typed and asks at once; a two-digit year is no date, said under its box.
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '31/01/2026{Enter}');
    await waitFor(() => expect(server.posted('/procedure/commission')).toHaveLength(2));
    expect(server.posted('/procedure/commission')[1]).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '31/01/26');
    expect(await screen.findByText('Enter a date like 28/09/2026')).toBeInTheDocument();
    expect(server.posted('/procedure/commission')).toHaveLength(2);
  });
});
