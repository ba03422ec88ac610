import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WhatIfResult, WhatIfStatus } from '@backroom/schema';
import { menuItem, ok, renderSignedIn, stubServer } from '../test/app';
import WhatIfAction from './WhatIfAction';

const figures = { baskets: 3, basketsAffected: 2, discountGiven: '3.00' };
const margins = { marginGivenUp: '3.00', marginBefore: '30.00', marginAfter: '27.00' };

function result(withMargins: boolean): WhatIfResult {
  const f = withMargins ? { ...figures, ...margins } : figures;
  return {
    from: '2026-03-01T00:00:00.000Z',
    to: '2026-03-04T00:00:00.000Z',
    outlets: [{ id: 1, code: 'BGR', name: 'Bangsar' }],
    currency: 'MYR',
    days: [{ date: '2026-03-02', ...f }],
    total: f,
    topProducts: [{ id: 7, code: 'COF', name: 'Coffee', quantity: '3.000', discountGiven: '3.00' }],
    margins: withMargins,
    tookMs: 12,
  };
}

/** Serves the outlets, starts the replay (keeping what the form sent) and answers it running once, then done. */
function serve(withMargins: boolean) {
  let polls = 0;
  const server = stubServer((call) => {
    if (call.url.endsWith('/DataRepository/fetch/outlet')) return ok([{ id: 1, code: 'BGR', name: 'Bangsar' }], 1);
    if (call.url.endsWith('/company/Format')) return ok({ name: null, currency: 'MYR', timezone: 'Asia/Kuala_Lumpur' });
    if (call.url.endsWith('/pricing/WhatIf') && call.method === 'POST') return ok({ jobId: 41 });
    if (call.url.endsWith('/pricing/WhatIf/41')) {
      polls++;
      const status: WhatIfStatus =
        polls === 1
          ? { jobId: 41, status: 'running', progress: 40, error: null, result: null }
          : { jobId: 41, status: 'done', progress: 100, error: null, result: result(withMargins) };
      return ok(status);
    }
    return undefined;
  });
  return server;
}

async function replay(withMargins: boolean) {
  const server = serve(withMargins);
  const item = menuItem('/promotion', {
    name: 'promotion',
    ableToEdit: true,
    ableToDelete: false,
    ableToSetTable: false,
  });
  await renderSignedIn(
    <WhatIfAction row={{ id: 5 }} item={item} values={() => ({ code: 'TRY', kind: 'percentOff', value: '10' })} />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Try on past sales' }));
  const dialog = await screen.findByRole('dialog', { name: 'Try on past sales' });
  await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'BGR' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Replay' }));
  await within(dialog).findByRole('progressbar', { name: 'Replaying sales' });
  const table = await within(dialog).findByRole('table', { name: 'By day' }, { timeout: 3000 });
  return { server, dialog, table };
}

describe('Try on past sales', () => {
  it('sends the form’s values with the saved id, shows progress, then the figures by day and in total', async () => {
    const { server, table, dialog } = await replay(true);
    expect(server.calls.find((c) => c.method === 'POST' && c.url.endsWith('/pricing/WhatIf'))?.body).toEqual({
      entity: 'promotion',
      id: 5,
      draft: { code: 'TRY', kind: 'percentOff', value: '10' },
      days: 30,
      outlets: [1],
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Day',
      'Baskets affected',
      'Sales replayed',
      'Discount given',
      'Margin given up',
      'Margin without',
      'Margin with',
    ]);
    expect(within(table).getByTestId('whatif-total')).toHaveTextContent('Total233.003.0030.0027.00');
    // The window and the days on the company's clock and in its convention (Kuala Lumpur, en-MY).
    expect(await within(table).findByRole('cell', { name: '02/03/2026' })).toBeInTheDocument();
    expect(
      within(dialog).getByText(/^Sales from 01\/03\/2026 8:00 am to 04\/03\/2026 8:00 am at BGR/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(within(dialog).getByRole('table', { name: 'Top products' })).toHaveTextContent('COF — Coffee');
  });

  it('shows no margin to who may not see costs', async () => {
    const { table } = await replay(false);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Baskets affected', 'Sales replayed', 'Discount given']);
    expect(screen.queryByText(/Margin/)).toBeNull();
  });

  it('is not offered to who may not edit the promotion', async () => {
    const item = menuItem('/promotion', {
      name: 'promotion',
      ableToEdit: false,
      ableToDelete: false,
      ableToSetTable: false,
    });
    await renderSignedIn(<WhatIfAction row={{ id: 5 }} item={item} values={() => ({})} />);
    expect(screen.queryByRole('button', { name: 'Try on past sales' })).toBeNull();
  });
});
