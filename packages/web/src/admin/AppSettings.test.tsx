import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppSettings } from './AppSettings';
import { ok, renderSignedIn, stubServer } from '../test/app';

const rows = [
  { id: 1, version: 1, group: 1, key: 'InventoryWeb_ReportURL', value: '', description: 'Report portal' },
  {
    id: 2,
    version: 3,
    group: 1,
    key: 'default_TakePerRow',
    value: '10',
    description: 'Default rows per page of lists',
  },
  { id: 3, version: 1, group: 2, key: 'My profile', value: '/profil', description: 'Top menu link' },
  {
    id: 4,
    version: 1,
    group: 2,
    key: 'Help centre',
    value: 'https://backroom.example/help',
    description: 'Top menu link',
  },
];

beforeEach(() => localStorage.clear());

const settingsServer = () =>
  stubServer((call) => {
    if (call.url.endsWith('/fetch/appsetting')) return ok(rows, rows.length);
    if (call.url.endsWith('/bulkupdate/appsetting') || call.url.endsWith('/Execute/appsetting')) return ok([]);
    if (call.url.endsWith('/Insert/appsetting')) return ok({ id: 9, version: 1 });
    return undefined;
  });

describe('app settings and top-menu links', () => {
  it('checks each value by its kind before saving, then saves removals, changes and new links', async () => {
    const server = settingsServer();
    await renderSignedIn(<AppSettings readOnly={false} />);
    const perPage = await screen.findByLabelText('Rows per page of lists');
    expect(perPage).toHaveValue('10');
    await userEvent.clear(perPage);
    await userEvent.type(perPage, 'ten');
    await userEvent.type(screen.getByLabelText('Report portal address'), 'reports.example');
    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
    await userEvent.type(screen.getByLabelText('Text of link 3'), 'Wiki');
    await userEvent.type(screen.getByLabelText('Address of link 3'), 'wiki.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save app settings' }));

    expect(perPage).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number from 1 to 9999'));
    expect(screen.getByLabelText('Report portal address')).toHaveAccessibleDescription(expect.stringContaining('http'));
    expect(screen.getByLabelText('Address of link 3')).toHaveAccessibleDescription(
      'A link starts with http://, https:// or /',
    );
    expect(server.calls.filter((c) => c.method === 'post' && !c.url.endsWith('/fetch/appsetting'))).toHaveLength(0);

    await userEvent.clear(perPage);
    await userEvent.type(perPage, '25');
    await userEvent.clear(screen.getByLabelText('Report portal address'));
    await userEvent.clear(screen.getByLabelText('Address of link 3'));
    await userEvent.type(screen.getByLabelText('Address of link 3'), 'https://wiki.example');
    await userEvent.click(screen.getByRole('button', { name: 'Remove link 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save app settings' }));

    expect(await screen.findByText('App settings saved.')).toBeInTheDocument();
    expect(server.bodies('/Execute/appsetting')).toEqual([{ action: 'delete', ids: [3] }]);
    expect(server.bodies('/bulkupdate/appsetting')).toEqual([
      [
        { id: 1, version: 1, key: 'InventoryWeb_ReportURL', value: '' },
        { id: 2, version: 3, key: 'default_TakePerRow', value: '25' },
      ],
    ]);
    expect(server.bodies('/Insert/appsetting')).toEqual([
      { group: 2, key: 'Wiki', value: 'https://wiki.example', description: 'Top menu link' },
    ]);
  });

  it('shows the values read-only to a user who may not edit', async () => {
    settingsServer();
    await renderSignedIn(<AppSettings readOnly />);
    expect(await screen.findByLabelText('Rows per page of lists')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save app settings' })).toBeNull();
    const links = screen.getByRole('group', { name: 'Top-menu links' });
    await waitFor(() => expect(within(links).getByLabelText('Text of link 2')).toHaveValue('Help centre'));
    expect(within(links).getByRole('button', { name: 'Add link' })).toBeDisabled();
  });
});
