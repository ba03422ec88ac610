import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FeatureScreen from './FeatureScreen';
import { ok, renderSignedIn, menuItem, stubServer } from '../test/app';

const ALL_ON = { onlineOrdering: true, membership: true, commission: true, vouchers: false };

beforeEach(() => localStorage.clear());

describe('features', () => {
  it('shows each module as a labelled switch and saves them all', async () => {
    const server = stubServer((call) => {
      if (call.url.endsWith('/feature/Get')) return ok(ALL_ON);
      if (call.url.endsWith('/feature/Save')) return ok(call.body);
      return undefined;
    });
    await renderSignedIn(<FeatureScreen item={menuItem('/feature')} />);
    const membership = await screen.findByRole('switch', { name: 'Membership' });
    await screen.findByRole('switch', { name: 'Online ordering' });
    expect(screen.getByRole('switch', { name: 'Online ordering' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Vouchers' })).not.toBeChecked();
    expect(membership).toHaveAccessibleDescription('Members, membership groups and benefits.');

    await userEvent.click(membership);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Features saved.')).toBeInTheDocument();
    expect(server.posted('/feature/Save')).toEqual([{ ...ALL_ON, membership: false }]);
  });

  it('cannot be changed without edit', async () => {
    stubServer((call) => (call.url.endsWith('/feature/Get') ? ok(ALL_ON) : undefined));
    await renderSignedIn(<FeatureScreen item={menuItem('/feature', { ableToEdit: false })} />);
    expect(await screen.findByRole('switch', { name: 'Membership' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
