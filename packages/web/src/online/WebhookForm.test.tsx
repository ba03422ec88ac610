import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, renderSignedIn, stubServer } from '../test/app';
import { DeliveryLog } from './WebhookForm';

const delivery = (id: number, status: string, responseStatus: number | null, responseBody: string) => ({
  id,
  event: 'order.created',
  status,
  attempts: status === 'failed' ? 6 : 1,
  responseStatus,
  responseBody,
  durationMs: 42,
  lastAttemptAt: '2026-03-01T10:00:00.000Z',
  nextAttemptAt: null,
});

describe('webhook delivery log', () => {
  it('lists each delivery with its status, code, answer and duration, and redelivers one', async () => {
    const server = stubServer((call) => {
      if (call.url.endsWith('/fetch/webhookdelivery'))
        return ok([delivery(9, 'failed', 500, 'broken'), delivery(8, 'delivered', 200, 'thanks')], 2);
      if (call.url.endsWith('/Execute/webhook')) return ok({ delivery: 9, status: 'pending' });
      return undefined;
    });
    await renderSignedIn(<DeliveryLog webhook={3} canRedeliver />);
    const table = await screen.findByRole('table', { name: 'Delivery log' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/order\.created.*Failed.*6.*500.*42 ms.*broken/);
    expect(rows[2]).toHaveTextContent(/Delivered.*200.*thanks/);
    expect(server.bodies('/fetch/webhookdelivery')[0]).toMatchObject({
      filters: [{ ColumnName: 'webhook', ColumnValue: 3, Operator: 'EQ' }],
    });
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() =>
      expect(server.posted('/Execute/webhook')).toEqual([{ action: 'redeliver', ids: [3], delivery: 9 }]),
    );
    await waitFor(() => expect(server.bodies('/fetch/webhookdelivery').length).toBeGreaterThan(1));
  });

  it('has no Redeliver for a user who may only view', async () => {
    stubServer((call) =>
      call.url.endsWith('/fetch/webhookdelivery') ? ok([delivery(8, 'delivered', 200, 'thanks')], 1) : undefined,
    );
    await renderSignedIn(<DeliveryLog webhook={3} canRedeliver={false} />);
    const table = await screen.findByRole('table', { name: 'Delivery log' });
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
  });
});
