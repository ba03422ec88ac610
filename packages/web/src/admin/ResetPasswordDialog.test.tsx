import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { ok, renderSignedIn, stubServer } from '../test/app';

beforeEach(() => localStorage.clear());

const serve = () =>
  stubServer((call) => {
    if (!call.url.endsWith('/ResetPassword/Reset')) return undefined;
    const body = call.body as { userId: number; newPassword?: string; mustChangePassword: boolean };
    return ok({
      userId: body.userId,
      userName: 'cashier',
      generatedPassword: body.newPassword ? null : 'Kq7mWx3pZt9aBc',
      mustChangePassword: body.mustChangePassword,
      sessionsRevoked: 2,
    });
  });

describe('ResetPasswordDialog', () => {
  it('generates a password and shows it once', async () => {
    const server = serve();
    const onClose = vi.fn();
    await renderSignedIn(<ResetPasswordDialog userId={3} userName="cashier" onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Reset the password of cashier' })).toBeInTheDocument();
    expect(screen.getByLabelText('Generate a temporary password')).toBeChecked();
    expect(screen.getByLabelText('Must choose a new password at next sign-in')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Kq7mWx3pZt9aBc')).toBeInTheDocument();
    expect(screen.getByText('The password of cashier is reset; 2 sessions were ended.')).toBeInTheDocument();
    expect(server.posted('/ResetPassword/Reset')).toEqual([{ userId: 3, mustChangePassword: true }]);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('checks a typed password before sending it', async () => {
    const server = serve();
    await renderSignedIn(<ResetPasswordDialog userId={3} userName="cashier" onClose={() => undefined} />);
    await userEvent.click(screen.getByLabelText('Type a temporary password'));
    await userEvent.click(screen.getByLabelText('Must choose a new password at next sign-in'));
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'Temporary#Till42');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Temporary#Till43');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Temporary#Till42');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The password of cashier is reset; 2 sessions were ended.')).toBeInTheDocument();
    expect(screen.queryByText('Temporary password:')).toBeNull();
    expect(server.posted('/ResetPassword/Reset')).toEqual([
      { userId: 3, mustChangePassword: false, newPassword: 'Temporary#Till42' },
    ]);
  });
});
