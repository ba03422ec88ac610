import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dropdown, emptyList, menuItem, ok, renderScreen, stubServer } from '../test/app';

const receipt = (id: number, kind: string, lines: { product: number; quantity: string }[]) => ({
  id,
  version: 1,
  docNo: `GR-2026-00000${id}`,
  kind,
  purchaseOrder: 1,
  supplier: 1,
  location: 1,
  at: '2026-11-27T10:00:00Z',
  lines,
});

describe('labels from goods receipts', () => {
  it('prints one label per unit the chosen receipts brought in, a product once, returns left out', async () => {
    window.open = vi.fn(() => ({}) as Window);
    URL.createObjectURL = vi.fn(() => 'blob:labels');
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/goodsreceipt'))
          return ok(
            [
              receipt(1, 'receipt', [
                { product: 10, quantity: '12.000' },
                { product: 11, quantity: '2.500' },
              ]),
              receipt(2, 'receipt', [{ product: 10, quantity: '6.000' }]),
              receipt(3, 'return', [{ product: 10, quantity: '4.000' }]),
            ],
            3,
          );
        if (call.url.endsWith('/GetDropDown/product'))
          return dropdown([
            { text: 'KOPI - Kopi beans', value: 10 },
            { text: 'TEH - Teh tarik', value: 11 },
          ]);
        if (call.url.endsWith('/print/request.aspx')) return { data: new Blob(['%PDF-1.3']) };
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/goodsreceipt'), '/goodsreceipt');
    for (const n of [1, 2, 3])
      await userEvent.click(await screen.findByRole('checkbox', { name: `Select GR-2026-00000${n}` }));
    await userEvent.click(await screen.findByRole('button', { name: 'Print labels' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Print labels for 2 products' });
    expect(await within(dialog).findByLabelText('Labels of KOPI - Kopi beans')).toHaveValue('18');
    expect(within(dialog).getByLabelText('Labels of TEH - Teh tarik')).toHaveValue('3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() =>
      expect(server.posted('/print/request.aspx')).toEqual([
        { document: 'shelflabels', products: [10, 11], quantities: [18, 3], outlet: null, layout: '3x8' },
      ]),
    );
  });
});
