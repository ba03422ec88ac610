import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { HomeSummary } from '@backroom/schema';
import { menuItem, ok, renderSignedIn, stubServer } from '../test/app';
import { setListMenu } from '../store/menuSlice';
import { HomeDashboard } from './HomeDashboard';

const today = '2026-11-22';
const full: HomeSummary = {
  at: `${today}T09:00:00.000Z`,
  sales: {
    channels: { pos: true, online: true },
    byOutlet: [
      {
        outlet: 1,
        outletLabel: 'KL - Kuala Lumpur',
        today,
        todayPos: '13.50',
        todayOnline: '3.00',
        todayReceipts: 2,
        last30Pos: '17.50',
        last30Online: '3.00',
      },
      {
        outlet: 2,
        outletLabel: 'LDN - London',
        today,
        todayPos: '7.25',
        todayOnline: '0.00',
        todayReceipts: 1,
        last30Pos: '7.25',
        last30Online: '0.00',
      },
    ],
    days: [
      { day: '2026-11-20', outlet: 1, pos: '4.00', online: '0.00' },
      { day: today, outlet: 1, pos: '13.50', online: '3.00' },
      { day: today, outlet: 2, pos: '7.25', online: '0.00' },
    ],
  },
  topProducts: [{ product: 7, productLabel: 'CF-1 - Coffee', quantity: '4.000', amount: '17.00' }],
  lowStock: {
    count: 3,
    rows: [{ id: 1, productLabel: 'MILK - Fresh milk', locationLabel: 'Store room', onHand: '2.000', minQty: '5.000' }],
  },
  terminals: {
    total: 2,
    offline: 1,
    rows: [{ id: 4, label: 'T2 - Till London', outletLabel: 'LDN - London', lastSeenAt: null }],
  },
  ordersWaiting: { count: 2, byStatus: { new: 1, accepted: 1, preparing: 0, ready: 0 } },
  jobsRunning: { count: 0, rows: [] },
  recentChanges: [
    {
      id: 9,
      at: `${today}T08:00:00.000Z`,
      userName: 'admin',
      entity: 'product',
      rowId: 7,
      label: 'CF-1 - Coffee',
      action: 'update',
    },
    {
      id: 8,
      at: `${today}T07:00:00.000Z`,
      userName: 'admin',
      entity: 'newpromotion',
      rowId: 3,
      label: null,
      action: 'delete',
    },
  ],
};

const menu = (...paths: string[]) =>
  setListMenu([{ id: 1, name: 'All', icon: 'shop', ableToView: true, items: paths.map((p) => menuItem(p)) }]);

describe('Home dashboard', () => {
  it('shows every figure from one request, each linked to its list, and the charts’ figures as tables', async () => {
    // The company keeps its books in ringgit: figures in RM, days as Malaysia writes them (day first).
    const server = stubServer((call) =>
      call.url.endsWith('/home/Summary')
        ? ok(full)
        : call.url.endsWith('/company/Format')
          ? ok({ name: 'Kedai', currency: 'MYR', timezone: 'Asia/Kuala_Lumpur' })
          : undefined,
    );
    const { store } = await renderSignedIn(<HomeDashboard />);
    store.dispatch(menu('/sale', '/onlinesalesorder', '/lowstock', '/terminalstatus', '/product'));

    expect(await screen.findByRole('link', { name: /RM\s23\.75\s*Sales today/ })).toHaveAttribute('href', '/sale');
    expect(screen.getByRole('link', { name: /RM\s27\.75\s*Sales, last 30 days/ })).toHaveAttribute('href', '/sale');
    expect(screen.getByRole('link', { name: /2\s*online orders waiting/ })).toHaveAttribute(
      'href',
      '/onlinesalesorder',
    );
    expect(screen.getByRole('link', { name: /3\s*products low in stock/ })).toHaveAttribute('href', '/lowstock');
    expect(screen.getByRole('link', { name: /1 \/ 2\s*terminals offline/ })).toHaveAttribute('href', '/terminalstatus');
    expect(screen.getByText('jobs running')).toBeInTheDocument();

    const todayTable = screen.getByRole('table', { name: 'Today’s sales by outlet'.replace('’', "'") });
    expect(
      within(todayTable)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'OutletPoint of saleOnline',
      'KL - Kuala LumpurRM\u00a013.50RM\u00a03.00',
      'LDN - LondonRM\u00a07.25RM\u00a00.00',
    ]);
    const daysTable = screen.getByRole('table', { name: 'Sales by day, last 30 days' });
    // Every day from the first sale to today, a day without sales at 0.00, POS and online together.
    expect(
      within(daysTable)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'DayKL - Kuala LumpurLDN - London',
      '20/11/2026RM\u00a04.00RM\u00a00.00',
      '21/11/2026RM\u00a00.00RM\u00a00.00',
      '22/11/2026RM\u00a016.50RM\u00a07.25',
    ]);
    // The charts' chunk (Recharts) arrives after the figures.
    expect(
      await screen.findByRole('img', { name: /Bar chart of today's sales by outlet/ }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CF-1 - Coffee' })).toHaveAttribute('href', '/product/edit/7');
    expect(screen.getByText('T2 - Till London (LDN - London), never seen')).toBeInTheDocument();
    // Changes in plain words: the record's kind and name, not the table's internal name and id.
    expect(screen.getByRole('link', { name: 'admin changed product CF-1 - Coffee' })).toHaveAttribute(
      'href',
      '/product/edit/7',
    );
    expect(screen.getByText(/admin deleted promotion rule$/)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.url.includes('/home/'))).toHaveLength(1);
  });

  it('shows only the sections the server sent, and figures unlinked where the viewer has no list', async () => {
    stubServer((call) =>
      call.url.endsWith('/home/Summary')
        ? ok({
            at: full.at,
            lowStock: { count: 0, rows: [] },
            jobsRunning: { count: 1, rows: [{ id: 1, kind: 'markLowStock', progress: 0, since: full.at }] },
          })
        : undefined,
    );
    await renderSignedIn(<HomeDashboard />);
    expect(await screen.findByText('products low in stock')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('job running')).toBeInTheDocument();
    expect(screen.queryByText(/Sales today/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('tells an administrator when the last backup was taken, and warns when none is recent or one failed', async () => {
    const recent = {
      engine: 'sqlite' as const,
      everyHours: 24,
      warnHours: 48,
      last: { at: full.at, file: '/backups/backroom-x.db', bytes: 5_347_737 },
      lastError: null,
      stale: false,
    };
    let backup: HomeSummary['backup'] = recent;
    stubServer((call) => (call.url.endsWith('/home/Summary') ? ok({ at: full.at, backup }) : undefined));
    const first = await renderSignedIn(<HomeDashboard />);
    const notice = await screen.findByRole('region', { name: 'Backups' });
    expect(notice).toHaveTextContent(/^Last backup: .*2026.* \(5\.1 MB\)\.$/);
    expect(screen.queryByRole('alert')).toBeNull();
    first.unmount();

    backup = { ...recent, last: null, stale: true };
    const second = await renderSignedIn(<HomeDashboard />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No backup of this database has been taken yet. The server takes one every 24 hours. To take one now, run npm run backup on the server.',
    );
    second.unmount();

    backup = {
      ...recent,
      engine: 'postgres',
      everyHours: 0,
      stale: true,
      lastError: { at: full.at, error: 'pg_dump failed: no space' },
    };
    await renderSignedIn(<HomeDashboard />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^No recent backup: the last one was taken .*, more than 48 hours ago\./);
    expect(alert).toHaveTextContent(/The last backup failed \(.*\): pg_dump failed: no space/);
    expect(alert).toHaveTextContent(/The server takes no scheduled backups\./);
  });
});
