import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RolePrivilegeGrid } from '@backroom/schema';
import RolePrivilegeScreen from './RolePrivilegeScreen';
import { fail, ok, renderSignedIn, menuItem, stubServer } from '../test/app';

const roles = [
  { id: 1, code: 'ADMIN', name: 'Administrator' },
  { id: 2, code: 'STORE_MANAGER', name: 'Store Manager' },
];
const none = { ableToView: false, ableToEdit: false, ableToDelete: false, ableToSetTable: false };
const gridOf = (roleId: number): RolePrivilegeGrid => ({
  roleId,
  roleName: roles.find((r) => r.id === roleId)!.name,
  groups: [
    {
      groupKey: 'catalogue',
      groupText: 'Catalogue',
      rows: [
        { privilegeId: 11, name: 'product', menuText: 'Products', ...none, ableToView: true, ableToEdit: roleId === 1 },
        { privilegeId: 12, name: 'bundle', menuText: 'Bundles', ...none },
      ],
    },
    {
      groupKey: 'administration',
      groupText: 'Administration',
      rows: [{ privilegeId: 21, name: 'user', menuText: 'Users', ...none }],
    },
  ],
});

const serve = (save = (body: { roleId: number }) => ok(gridOf(body.roleId))) =>
  stubServer((call) => {
    if (call.url.endsWith('/Roles')) return ok(roles);
    if (call.url.endsWith('/Grid')) return ok(gridOf(Number(call.params.roleId)));
    if (call.url.endsWith('/Save')) return save(call.body as { roleId: number });
    return undefined;
  });

const box = (name: string) => screen.getByRole('checkbox', { name });

beforeEach(() => localStorage.clear());

describe('role privilege grid', () => {
  it('shows the first role’s grid grouped by menu group, with a checkbox per flag and screen', async () => {
    serve();
    await renderSignedIn(<RolePrivilegeScreen item={menuItem('/roleprivilege')} />);
    const table = await screen.findByRole('table', { name: 'Privileges of Administrator' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Catalogue', 'Products', 'Bundles', 'Administration', 'Users']);
    expect(box('View Products')).toBeChecked();
    expect(box('Edit Products')).toBeChecked();
    expect(box('Delete Products')).not.toBeChecked();
    expect(box('View all in Catalogue')).toHaveProperty('indeterminate', true);
  });

  it('keeps view under edit, delete and table settings; saves only the changed rows', async () => {
    const server = serve();
    await renderSignedIn(<RolePrivilegeScreen item={menuItem('/roleprivilege')} />);
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'Store Manager');
    await screen.findByRole('table', { name: 'Privileges of Store Manager' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.click(box('Delete Bundles'));
    expect(box('View Bundles')).toBeChecked();
    await userEvent.click(box('Delete all in Administration'));
    expect(box('View Users')).toBeChecked();
    await userEvent.click(box('View Products'));
    expect(box('View Products')).not.toBeChecked();
    expect(screen.getByText(/3 unsaved changes/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Role privileges saved/)).toBeInTheDocument();
    expect(server.posted('/Save')).toEqual([
      {
        roleId: 2,
        rows: [
          { privilegeId: 11, ...none },
          { privilegeId: 12, ...none, ableToView: true, ableToDelete: true },
          { privilegeId: 21, ...none, ableToView: true, ableToDelete: true },
        ],
      },
    ]);
  });

  it('asks before a role change throws away unsaved changes', async () => {
    serve();
    await renderSignedIn(<RolePrivilegeScreen item={menuItem('/roleprivilege')} />);
    await screen.findByRole('table');
    await userEvent.click(box('View Bundles'));
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'Store Manager');
    const dialog = screen.getByRole('dialog', { name: 'Discard the unsaved changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(box('View Bundles')).toBeChecked();
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'Store Manager');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('table', { name: 'Privileges of Store Manager' })).toBeInTheDocument();
    expect(box('View Bundles')).not.toBeChecked();
  });

  it('shows the server’s refusal, e.g. the self-lock-out guard', async () => {
    serve(() =>
      fail(409, 'You cannot remove your own role’s right to edit role privileges, or nobody could give it back'),
    );
    await renderSignedIn(<RolePrivilegeScreen item={menuItem('/roleprivilege')} />);
    await screen.findByRole('table');
    await userEvent.click(box('Edit Products'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot remove your own role’s right to edit role privileges',
    );
    expect(box('Edit Products')).not.toBeChecked();
  });

  it('is read-only without edit', async () => {
    serve();
    await renderSignedIn(<RolePrivilegeScreen item={menuItem('/roleprivilege', { ableToEdit: false })} />);
    await screen.findByRole('table');
    expect(box('View Products')).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });
});
