import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LockedUserScreen from './LockedUserScreen';
import { ok, renderSignedIn, menuItem, stubServer } from '../test/app';

const lockedUntil = '2030-01-02T03:04:00.000Z';

beforeEach(() => localStorage.clear());

describe('locked users', () => {
  it('lists locked accounts and unlocks one after confirmation', async () => {
    let locked = [{ userId: 3, userName: 'cashier', displayName: 'Casey Cashier', failureCount: 5, lockedUntil }];
    const server = stubServer((call) => {
      if (call.url.endsWith('/user/Locked')) return ok(locked);
      if (call.url.endsWith('/company/Format'))
        return ok({ name: null, currency: 'MYR', timezone: 'Asia/Kuala_Lumpur' });
      if (call.url.endsWith('/user/Unlock')) {
        locked = [];
        return ok(null);
      }
      return undefined;
    });
    await renderSignedIn(<LockedUserScreen item={menuItem('/lockeduser')} />);
    const row = (await screen.findByRole('rowheader', { name: 'cashier' })).closest('tr')!;
    expect(within(row).getByText('Casey Cashier')).toBeInTheDocument();
    expect(within(row).getByText('5')).toBeInTheDocument();
    // Until when, on the company's clock (Kuala Lumpur, UTC+8) and in its convention.
    expect(await within(row).findByText('02/01/2030 11:04 am')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Unlock cashier' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock cashier?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.posted('/user/Unlock')).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'Unlock cashier' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('cashier is unlocked and can sign in again.')).toBeInTheDocument();
    expect(await screen.findByText('No account is locked.')).toBeInTheDocument();
    expect(server.posted('/user/Unlock')).toEqual([{ userId: 3 }]);
  });

  it('offers no Unlock without edit', async () => {
    stubServer((call) =>
      call.url.endsWith('/user/Locked')
        ? ok([{ userId: 3, userName: 'cashier', displayName: 'Casey', failureCount: 5, lockedUntil }])
        : undefined,
    );
    await renderSignedIn(<LockedUserScreen item={menuItem('/lockeduser', { ableToEdit: false })} />);
    await screen.findByRole('rowheader', { name: 'cashier' });
    expect(screen.queryByRole('button', { name: 'Unlock cashier' })).toBeNull();
  });
});
