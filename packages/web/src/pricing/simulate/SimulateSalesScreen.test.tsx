import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOOKUP_REFUSALS, type SimulateSalesRequest, type SimulateSalesResult } from '@backroom/schema';
import { dropdown, fail, menuItem, ok, renderSignedIn, stubServer } from '../../test/app';
import { errorModal } from '../../api/errorModal';
import { ErrorModal } from '../../shell/ErrorModal';
import i18n from 'i18next';
import ms from '../../../public/locales/ms/translations.json';
import SimulateSalesScreen from './SimulateSalesScreen';

const priced = (quantity: string, lineTotal: string, total: string): SimulateSalesResult => ({
  outlet: { id: 1, code: 'BGR', name: 'Bangsar', timezone: 'Asia/Kuala_Lumpur' },
  channel: 'store',
  localTime: { date: '2024-06-05', time: '15:30', weekday: 'wed' },
  member: null,
  currency: 'MYR',
  decimals: 2,
  lines: [
    {
      line: 0,
      product: 11,
      bundle: null,
      code: 'COF-002',
      name: 'Americano',
      quantity,
      unitPrice: '9.00',
      priceSource: 'outletPrice',
      priceSourceId: 4,
      grossAmount: (Number(quantity) * 9).toFixed(2),
      lineTotal,
      taxCode: 'SST6',
      taxInclusive: false,
      adjustments: [
        {
          kind: 'promotion',
          id: 1,
          code: 'HAPPY-HOUR',
          name: 'Happy hour',
          amount: (Number(quantity) * 1.8).toFixed(2),
          quantity,
        },
      ],
    },
  ],
  adjustments: [
    {
      kind: 'promotion',
      id: 1,
      code: 'HAPPY-HOUR',
      name: 'Happy hour',
      level: 'item',
      amount: (Number(quantity) * 1.8).toFixed(2),
      lines: [0],
    },
  ],
  surcharges: [],
  tax: [
    {
      id: 1,
      code: 'SST6',
      name: 'Service tax',
      ratePercent: '6.000',
      inclusive: false,
      taxableAmount: lineTotal,
      amount: '0.43',
    },
  ],
  considered: [
    { kind: 'promotion', id: 1, code: 'HAPPY-HOUR', name: 'Happy hour', fired: true, amount: '1.80' },
    {
      kind: 'promotion',
      id: 2,
      code: 'CAKE-WEEKEND',
      name: 'Weekend cakes',
      fired: false,
      amount: '0.00',
      reason: 'wrongDay',
      params: { weekday: 'Wed', days: 'Sat, Sun' },
      message: 'Not on Wed: runs on Sat, Sun',
    },
    {
      kind: 'newpromotion',
      id: 3,
      code: 'COFFEE-CAKE',
      name: 'Coffee and cake',
      fired: false,
      amount: '0.00',
      reason: 'lostToPriority',
      params: { winner: 'HAPPY-HOUR Happy hour' },
      lostTo: { kind: 'promotion', id: 1, code: 'HAPPY-HOUR' },
    },
    {
      kind: 'promotion',
      id: 4,
      code: 'MERCH',
      name: 'Merch',
      fired: false,
      amount: '0.00',
      reason: 'noQualifyingItems',
    },
  ],
  subtotal: (Number(quantity) * 9).toFixed(2),
  discountTotal: (Number(quantity) * 1.8).toFixed(2),
  surchargeTotal: '0.00',
  taxTotal: '0.43',
  taxIncluded: '0.00',
  taxAdded: '0.43',
  rounding: '0.02',
  total,
  pointsEarned: '0.00',
});

function serve() {
  return stubServer((call) => {
    if (call.url.endsWith('/company/Format')) return ok({ name: null, currency: 'MYR', timezone: 'Asia/Kuala_Lumpur' });
    if (call.url.endsWith('/GetDropDown/outlet'))
      return dropdown([
        { text: 'BGR - Bangsar', value: 1 },
        { text: 'GRN - Penang', value: 2 },
      ]);
    if (call.url.endsWith('/GetDropDown/onlinesaleschannel'))
      return dropdown([{ text: 'APP - Backroom app', value: 5 }]);
    if (call.url.endsWith('/GetDropDown/discount')) return dropdown([{ text: 'STAFF20 - Staff 20%', value: 7 }]);
    if (call.url.endsWith('/SimulateSales/AddItem')) {
      const body = call.body as SimulateSalesRequest;
      if (body.item?.code === 'NOPE')
        return fail(400, LOOKUP_REFUSALS.noProduct({ name: 'NOPE' }), [
          { field: 'item.code', message: LOOKUP_REFUSALS.noProduct({ name: 'NOPE' }) },
        ]);
      const quantity = body.item ? '1.000' : String(body.lines![0]!.quantity);
      return ok(quantity === '1.000' ? priced('1.000', '7.20', '7.65') : priced('3.000', '21.60', '22.90'));
    }
    return undefined;
  });
}

async function renderScreen() {
  await renderSignedIn(<SimulateSalesScreen item={menuItem('/simulatesales', { name: 'Simulate sales' })} />);
  await screen.findByRole('option', { name: 'BGR - Bangsar' });
}

describe('simulate sales screen', () => {
  it('says "Failed to fetch outlet dropdown" beside the outlet select, with the "Sorry," modal, when the outlets fail to load', async () => {
    stubServer((call) => (call.url.endsWith('/GetDropDown/outlet') ? fail(500, 'Database unavailable') : undefined));
    await renderSignedIn(
      <>
        <SimulateSalesScreen item={menuItem('/simulatesales', { name: 'Simulate sales' })} />
        <ErrorModal />
      </>,
    );
    expect(await screen.findByText('Failed to fetch outlet dropdown')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Outlet')).toHaveAccessibleDescription('Failed to fetch outlet dropdown');
    expect(await screen.findByRole('dialog', { name: 'Sorry,' })).toBeInTheDocument();
    errorModal.hide();
  });

  it('adds a typed code at the chosen outlet and shows the line, its price source and adjustments', async () => {
    const server = serve();
    await renderScreen();
    await userEvent.type(screen.getByLabelText('Code or barcode'), 'COF-002{Enter}');
    const line = await screen.findByTestId('line-COF-002');
    expect(server.posted('/SimulateSales/AddItem')).toEqual([
      { outlet: 1, channel: 'store', voucherCodes: [], discounts: [], lines: [], item: { code: 'COF-002' } },
    ]);
    expect(within(line).getByText('Outlet price')).toBeInTheDocument();
    expect(
      within(within(line).getByRole('list', { name: 'Adjustments of COF-002' })).getByText('Happy hour −1.80'),
    ).toBeInTheDocument();
    expect(within(line).getByText('7.20')).toBeInTheDocument();
  });

  it('shows the totals as a receipt and every rule with its reason', async () => {
    serve();
    await renderScreen();
    await userEvent.type(screen.getByLabelText('Code or barcode'), 'COF-002{Enter}');
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    expect(within(receipt).getByTestId('receipt-subtotal')).toHaveTextContent('9.00');
    expect(within(receipt).getByText('SST6 6%')).toBeInTheDocument();
    expect(within(receipt).getByTestId('receipt-rounding')).toHaveTextContent('0.02');
    expect(within(receipt).getByTestId('receipt-total')).toHaveTextContent('7.65');
    const why = screen.getByRole('list', { name: 'Why?' });
    const items = within(why)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toContain('HAPPY-HOUR');
    expect(items).toContainEqual(expect.stringContaining('Not applied: not on Wed: runs on Sat, Sun'));
    expect(items).toContainEqual(
      expect.stringContaining('lost to HAPPY-HOUR Happy hour, which comes first and does not stack'),
    );
    await userEvent.click(screen.getByLabelText('Hide rules for other items'));
    expect(within(why).queryByText('MERCH')).toBeNull();
  });

  it('reprices when a quantity changes, with the lines it holds', async () => {
    const server = serve();
    await renderScreen();
    await userEvent.type(screen.getByLabelText('Code or barcode'), 'COF-002{Enter}');
    const quantity = await screen.findByLabelText('Quantity of COF-002');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3{Enter}');
    await waitFor(() => expect(screen.getByTestId('receipt-total')).toHaveTextContent('22.90'));
    expect(server.posted('/SimulateSales/AddItem').at(-1)).toMatchObject({ lines: [{ productId: 11, quantity: '3' }] });
  });

  it('sends the channel, member, moment, voucher codes and discounts given', async () => {
    const server = serve();
    await renderScreen();
    await userEvent.type(screen.getByLabelText('Code or barcode'), 'COF-002{Enter}');
    await screen.findByTestId('line-COF-002');
    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'Online: APP - Backroom app');
    await userEvent.type(screen.getByLabelText('Member'), 'M100005{Enter}');
    await userEvent.type(screen.getByLabelText('Voucher code'), 'WELCOME5{Enter}');
    await userEvent.selectOptions(screen.getByLabelText('Discount given'), 'STAFF20 - Staff 20%');
    await userEvent.click(screen.getByRole('button', { name: 'Give' }));
    // The moment in the company's convention (en-MY), sent as the outlet's wall clock once whole.
    const moment = screen.getByLabelText('Date and time');
    await waitFor(() => expect(moment).toHaveAttribute('placeholder', 'dd/mm/yyyy hh:mm am/pm'));
    await userEvent.type(moment, '2/9/2026 3:30');
    expect(moment).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(moment, ' pm');
    expect(moment).not.toHaveAttribute('aria-invalid');
    await waitFor(() =>
      expect(server.posted('/SimulateSales/AddItem').at(-1)).toMatchObject({
        channel: '5',
        member: 'M100005',
        at: '2026-09-02T15:30',
        voucherCodes: ['WELCOME5'],
        discounts: [{ discount: 7 }],
      }),
    );
    expect(server.posted('/SimulateSales/AddItem').filter((b) => (b as { at?: string }).at !== undefined)).toHaveLength(
      1,
    );
  });

  it('says a moment the server refuses in the user’s language, naming no format', async () => {
    const refusal = 'Date and time must be a real date and time, such as 1 March 2026 14:30';
    serve();
    await renderScreen();
    i18n.addResourceBundle('ms', 'translations', ms);
    await i18n.changeLanguage('ms');
    try {
      stubServer((call) =>
        call.url.endsWith('/SimulateSales/AddItem')
          ? fail(400, refusal, [{ field: 'at', message: refusal }])
          : undefined,
      );
      await userEvent.type(screen.getByLabelText('Kod atau kod bar'), 'COF-002{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Tarikh dan masa mestilah tarikh dan masa yang sebenar, seperti 1 Mac 2026 14:30',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows what the server could not find', async () => {
    serve();
    await renderScreen();
    await userEvent.type(screen.getByLabelText('Code or barcode'), 'NOPE{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Product NOPE does not exist');
  });

  it('says what the server could not find in Malay, the code as typed', async () => {
    serve();
    await renderScreen();
    i18n.addResourceBundle('ms', 'translations', ms);
    await i18n.changeLanguage('ms');
    try {
      await userEvent.type(screen.getByLabelText('Kod atau kod bar'), 'NOPE{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent('Produk NOPE tidak wujud');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
