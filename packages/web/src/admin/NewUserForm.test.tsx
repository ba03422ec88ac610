import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyList, fail, menuItem, ok, renderScreen, stubServer } from '../test/app';

const roles = [
  { text: 'Cashier', value: 3 },
  { text: 'Store manager', value: 2 },
];
const saved = {
  id: 9,
  version: 1,
  userName: 'siti',
  displayName: 'Siti',
  role: 3,
  roleLabel: 'Cashier',
  outlets: [],
  isActive: true,
  mustChangePassword: false,
};

const userServer = (insert: () => ReturnType<typeof ok> = () => ok(saved)) =>
  stubServer(
    (call) => {
      if (call.url.endsWith('/user/AssignableRoles')) return ok(roles);
      if (call.url.endsWith('/Insert/user')) return insert();
      if (call.url.endsWith('/fetch/user')) return ok([saved], 1);
      return undefined;
    },
    { otherwise: emptyList },
  );

async function fillUser() {
  await userEvent.type(await screen.findByLabelText('User name'), 'siti');
  await userEvent.type(screen.getByLabelText('Display name'), 'Siti');
  const role = screen.getByRole('combobox', { name: 'Role' });
  await waitFor(() =>
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Cashier', 'Store manager']),
  );
  await userEvent.selectOptions(role, 'Cashier');
}

describe('the new-user form', () => {
  it('offers only the roles the server says the caller may give, and sends a typed password with the row', async () => {
    const server = userServer();
    await renderScreen(menuItem('/user'), '/user/add');
    await fillUser();
    await userEvent.type(screen.getByLabelText('Password'), 'Tangerine-Kite-72');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/user/edit/9'));
    expect(server.bodies('/Insert/user')).toEqual([
      expect.objectContaining({ userName: 'siti', role: 3, password: 'Tangerine-Kite-72' }),
    ]);
    // Once saved, the password is nowhere on the page.
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(document.body.textContent).not.toContain('Tangerine');
  });

  it("checks the length before sending, and shows the server's refusal of a common password on the field", async () => {
    const server = userServer(() =>
      fail(400, 'Validation failed', [{ field: 'password', message: 'This password is too common' }]),
    );
    await renderScreen(menuItem('/user'), '/user/add');
    await fillUser();
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining('Password must be at least 8 characters')),
    );
    expect(server.bodies('/Insert/user')).toHaveLength(0);

    await userEvent.clear(password);
    await userEvent.type(password, 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining('This password is too common')),
    );
    expect(server.bodies('/Insert/user')).toHaveLength(1);
  });

  it('generates a strong password, shows it in clear with a Copy button, and sends it', async () => {
    const server = userServer();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    await renderScreen(menuItem('/user'), '/user/add');
    await fillUser();
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const password = screen.getByLabelText('Password');
    const generated = (password as HTMLInputElement).value;
    expect(generated).toMatch(/^[A-Za-z2-9]{4}([-#@!][A-Za-z2-9]{4}){3}$/);
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Shown only on this form'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(copied).toEqual([generated]);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    // A second one differs.
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect((password as HTMLInputElement).value).not.toBe(generated);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.bodies('/Insert/user')).toEqual([
        expect.objectContaining({ password: (password as HTMLInputElement).value }),
      ]),
    );
  });

  it('sends no password when none is given', async () => {
    const server = userServer();
    await renderScreen(menuItem('/user'), '/user/add');
    await fillUser();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies('/Insert/user')).toHaveLength(1));
    expect(server.bodies('/Insert/user')[0]).not.toHaveProperty('password');
  });
});
