import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMPANY_NAME, type MenuGroupDto } from '@backroom/schema';
import { createAppStore } from '../store';
import { adminInfo, adminToken } from '../test/app';
import { startTestI18n } from '../test/i18n';
import { App } from './App';
import { createAppRouter } from './router';

const api = vi.hoisted(() => ({
  login: vi.fn(),
  menuStatus: 200,
}));

const menu: MenuGroupDto[] = [
  {
    appMenuID: 1,
    menuText: 'Catalogue',
    icon: 'box-seam',
    ableToView: true,
    items: [
      {
        appMenuID: 11,
        menuText: 'Products',
        route: 'product',
        ableToView: true,
        ableToEdit: true,
        ableToDelete: false,
        ableToSetTable: true,
        exportProcedure: 'EXP_Product',
      },
      {
        appMenuID: 12,
        menuText: 'Brands',
        route: 'listvalue/brand',
        ableToView: true,
        ableToEdit: false,
        ableToDelete: false,
        ableToSetTable: false,
        exportProcedure: null,
      },
    ],
  },
];

vi.mock('../api/endpoints', () => ({
  // Me answers with the menu: who the user is and the field groups their role may view.
  authApi: { login: api.login, logout: async () => undefined, me: async () => adminInfo },
  getSamlProviders: async () => [{ name: 'Contoso ID', loginUrl: 'https://id.example/saml' }],
  fetchSettings: async (keys: string[]) => Object.fromEntries(keys.map((key) => [key, ''])),
  menuApi: {
    getMenu: async () => {
      if (api.menuStatus !== 200) throw new Error('Request failed with status code 500');
      return menu;
    },
    getTopMenu: async () => [],
    getVersion: async () => ({ resultCode: 200, message: 'OK', data: { apiVersion: '2.4.0', buildNumber: '77' } }),
  },
}));

async function start(path: string, signedIn = false) {
  await startTestI18n();
  window.history.replaceState(null, '', `/new${path}`);
  const store = createAppStore(signedIn ? { user: { userInfo: adminInfo, token: adminToken } } : {});
  render(<App store={store} router={createAppRouter('/new')} />);
  return store;
}

const FADE = { timeout: 3000 };

beforeEach(() => {
  api.login.mockReset();
  api.menuStatus = 200;
});

describe('app', () => {
  it('sends an anonymous visitor to sign in, then to the page asked for', async () => {
    api.login.mockResolvedValue({ requireOtp: false, token: adminToken, userInfo: adminInfo });
    const store = await start('/product');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, FADE)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/new/login');
    expect(window.location.search).toBe('?redirect=%2Fproduct');
    expect(await screen.findByRole('link', { name: 'Sign in with Contoso ID' })).toHaveAttribute(
      'href',
      'https://id.example/saml',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('User name is required')).toBeInTheDocument();
    expect(api.login).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('User name'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'Admin@123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(api.login).toHaveBeenCalledWith({ userName: 'admin', password: 'Admin@123' });
    const main = await screen.findByRole('main', {}, FADE);
    expect(await within(main).findByRole('heading', { name: 'Products', level: 2 }, FADE)).toBeInTheDocument();
    // The bar's title follows the page's own heading once the page has its privilege (a render later).
    await waitFor(() => {
      expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent('Backroom - Products');
      expect(document.title).toBe('Backroom - Products');
    }, FADE);
    expect(window.location.pathname).toBe('/new/product');
    expect(store.getState().page.pagePrivilege).toMatchObject({ id: 11, ableToEdit: true });
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    expect(
      screen.getByText(
        `© ${new Date().getFullYear()} ${COMPANY_NAME} · Web app version ${__APP_VERSION__} · API version 2.4.0`,
      ),
    ).toBeInTheDocument();
    expect(store.getState().settings.apiBuildNumber).toBe('77');
  });

  it('shows the OTP step when the account asks for it', async () => {
    api.login.mockResolvedValue({ requireOtp: true, otpToken: 'otp-token' });
    await start('/login');
    await userEvent.type(await screen.findByLabelText('User name', {}, FADE), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'Admin@123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Enter the 6-digit code' })).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('shows an invalid sign-in inline', async () => {
    api.login.mockRejectedValue(
      Object.assign(new Error('Request failed with status code 401'), {
        isAxiosError: true,
        response: { status: 401, data: {} },
      }),
    );
    await start('/login');
    await userEvent.type(await screen.findByLabelText('User name', {}, FADE), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid user name or password');
  });

  it('routes every list-value path to the shared screen with its modes', async () => {
    await start('/listvalue/brand/edit/42', true);
    expect(await screen.findByText('List value category: brand', {}, FADE)).toBeInTheDocument();
    expect(screen.getByText('Edit record 42')).toBeInTheDocument();
  });

  it('sends a signed-in user without permission for a path to /noaccess, and from /login to /home', async () => {
    await start('/role', true);
    expect(await screen.findByText('You do not have access to this page', {}, FADE)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/new/noaccess');
  });

  it('sends a signed-in user on a public path home', async () => {
    await start('/login', true);
    expect(await screen.findByText('Welcome, Ada Admin', {}, FADE)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/new/home');
  });

  it('stays loading while the menu answer is not 200', async () => {
    api.menuStatus = 500;
    await start('/home', true);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Loading…'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/Welcome/)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });
});
