import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StockCountDto } from '@backroom/schema';
import { emptyList, menuItem, ok, renderScreen, stubServer, withoutFieldGroups } from '../test/app';

const count = (status: StockCountDto['status'], version: number): StockCountDto => ({
  id: 3,
  docNo: 'SC-2026-000003',
  location: 1,
  scope: 'products',
  categories: [],
  zeroUncounted: false,
  status,
  version,
  remarks: null,
  postedAt: null,
  lines: [
    {
      id: 1,
      product: 10,
      productLabel: 'KOPI Kopi beans',
      countedQty: '8.000',
      expectedQty: '10.000',
      variance: '-2.000',
      varianceValue: '-40.00',
    },
    {
      id: 2,
      product: 11,
      productLabel: 'TEH Teh tarik',
      countedQty: null,
      expectedQty: '5.000',
      variance: null,
      varianceValue: null,
    },
  ],
});

describe('a stock count’s Count tab', () => {
  it('reviews variances with their value, enters scanned and typed counts line by line, and posts', async () => {
    let current = count('open', 2);
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/stockcount')) return ok([current], 1);
        if (call.url.endsWith('/Execute/stockcount')) {
          const body = call.body as { action: string };
          if (body.action === 'post') current = count('posted', 4);
          return ok(current);
        }
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/stockcount'), '/stockcount/edit/3');
    await userEvent.click(await screen.findByRole('tab', { name: 'Count' }, { timeout: 5000 }));
    const review = await screen.findByRole('table', { name: 'Count lines and variances' }, { timeout: 5000 });
    expect(within(review).getByRole('row', { name: /KOPI/ })).toHaveTextContent(/10\.000.*-2\.000.*-40\.00/);
    expect(screen.getByText(/1 of 2 lines counted; variances worth -40\.00/)).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Scan or type a barcode' }), '9555000111222{Enter}');
    await waitFor(() =>
      expect(server.posted('/Execute/stockcount')).toEqual([
        { action: 'count', ids: [3], lines: [{ barcode: '9555000111222' }] },
      ]),
    );
    const teh = screen.getByRole('textbox', { name: 'Counted quantity of TEH Teh tarik' });
    await userEvent.type(teh, '4{Enter}');
    await waitFor(() =>
      expect(server.posted('/Execute/stockcount')[1]).toEqual({
        action: 'count',
        ids: [3],
        lines: [{ product: 11, countedQty: '4' }],
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: /Post count/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Post count' }));
    await waitFor(() =>
      expect(server.posted('/Execute/stockcount')[2]).toEqual({ action: 'post', ids: [3], version: 2 }),
    );
    await screen.findByText(/SC-2026-000003 is posted/);
  });

  it('shows a role that may not view costs no value column nor total value (the server sends none)', async () => {
    const withoutValues = { ...count('open', 2), lines: count('open', 2).lines.map(({ varianceValue: _, ...l }) => l) };
    stubServer((call) => (call.url.endsWith('/fetch/stockcount') ? ok([withoutValues], 1) : undefined), {
      otherwise: emptyList,
    });
    await renderScreen(menuItem('/stockcount'), '/stockcount/edit/3', { preloaded: withoutFieldGroups() });
    await userEvent.click(await screen.findByRole('tab', { name: 'Count' }, { timeout: 5000 }));
    const review = await screen.findByRole('table', { name: 'Count lines and variances' }, { timeout: 5000 });
    expect(
      within(review)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Expected', 'Counted', 'Variance']);
    expect(within(review).getByRole('row', { name: /KOPI/ })).toHaveTextContent(/10\.000.*-2\.000$/);
    expect(screen.getByText('1 of 2 lines counted.')).toBeInTheDocument();
  });
});
