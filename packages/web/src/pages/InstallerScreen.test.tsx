import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../test/app';
import { InstallerLink } from './InstallerLink';
import InstallerScreen from './InstallerScreen';

type Answer = { status: number; body: unknown };
const envelope = (data: unknown, status = 200, message = 'OK', errors?: unknown): Answer => ({
  status,
  body: { resultCode: status, message, data, errors },
});

/** Stubs fetch (the installer's calls do not go through the session's client). */
function stubFetch(answer: (path: string, body: unknown) => Answer) {
  const posted: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    if (body) posted.push(body);
    const { status, body: json } = answer(new URL(url, 'http://localhost').pathname, body);
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  });
  return posted;
}

afterEach(() => vi.unstubAllGlobals());

describe('installer', () => {
  it('sets up the company and first administrator while open', async () => {
    let open = true;
    const posted = stubFetch((path) => {
      if (path.endsWith('/installer/Status')) return envelope({ open });
      open = false;
      return envelope({ userId: 1, userName: 'owner' });
    });
    await renderWithApp(<InstallerScreen />, { route: '/installer' });
    await userEvent.type(await screen.findByLabelText(/Company name/), 'Kedai Runcit');
    await userEvent.type(screen.getByLabelText(/Base currency/), 'myr');
    await userEvent.clear(screen.getByLabelText(/Time zone/));
    await userEvent.type(screen.getByLabelText(/Time zone/), 'Asia/Kuala_Lumpur');
    await userEvent.type(screen.getByLabelText(/User name/), 'owner');
    await userEvent.type(screen.getByLabelText(/Display name/), 'Olivia Owner');
    await userEvent.type(screen.getByLabelText(/Email/), 'owner@kedai.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Kedai#Owner2026');
    await userEvent.type(screen.getByLabelText(/Confirm password/), 'Kedai#Owner2026');
    await userEvent.click(screen.getByRole('button', { name: 'Set up' }));
    expect(await screen.findByText('Currency must be a three-letter currency code such as MYR')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await userEvent.clear(screen.getByLabelText(/Base currency/));
    await userEvent.type(screen.getByLabelText(/Base currency/), 'MYR');
    await userEvent.click(screen.getByRole('button', { name: 'Set up' }));
    expect(await screen.findByText('Backroom is set up. Sign in as owner.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
    expect(posted).toEqual([
      {
        company: { name: 'Kedai Runcit', baseCurrency: 'MYR', timezone: 'Asia/Kuala_Lumpur' },
        admin: {
          userName: 'owner',
          displayName: 'Olivia Owner',
          email: 'owner@kedai.example',
          password: 'Kedai#Owner2026',
        },
      },
    ]);
  });

  it('shows the server’s field message', async () => {
    stubFetch((path) =>
      path.endsWith('/Status')
        ? envelope({ open: true })
        : envelope(null, 400, 'Validation failed', [
            { field: 'admin.password', message: 'This password is too common' },
          ]),
    );
    await renderWithApp(<InstallerScreen />, { route: '/installer' });
    await userEvent.type(await screen.findByLabelText(/Company name/), 'Kedai');
    await userEvent.type(screen.getByLabelText(/Base currency/), 'MYR');
    await userEvent.type(screen.getByLabelText(/User name/), 'owner');
    await userEvent.type(screen.getByLabelText(/Display name/), 'Olivia');
    await userEvent.type(screen.getByLabelText(/Email/), 'owner@kedai.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'password123');
    await userEvent.type(screen.getByLabelText(/Confirm password/), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Set up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password is too common');
  });

  it('is closed once set up, and the login link shows only while open', async () => {
    stubFetch(() => envelope({ open: false }));
    await renderWithApp(
      <>
        <InstallerScreen />
        <InstallerLink />
      </>,
      { route: '/installer' },
    );
    expect(await screen.findByText('Backroom is set up already. Sign in instead.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Set up Backroom' })).toBeNull();
  });

  it('offers the set-up link while open', async () => {
    stubFetch(() => envelope({ open: true }));
    await renderWithApp(<InstallerLink />, { route: '/login' });
    expect(await screen.findByRole('link', { name: 'Set up Backroom' })).toHaveAttribute('href', '/installer');
  });
});
