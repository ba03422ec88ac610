import * as OTPAuth from 'otpauth';
import { describe, expect, test } from 'vitest';
import { DEMO, signIn, signOut } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();

describe('profile and two-step sign-in', () => {
  test('turning TOTP on from the profile makes the next sign-in ask for a code', async () => {
    await signIn(t.page, t.server.app, DEMO.manager);
    await t.page.goto(`${t.server.app}/profil`);
    await t.page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await t.page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await t.page.locator('code').first().textContent())!.trim();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });

    await t.page.getByLabel('Authentication code').fill(totp.generate());
    // Turning it on asks for the password too: a stolen session alone cannot lock the owner out.
    await t.page.getByLabel('Password', { exact: true }).fill(DEMO.manager.password);
    await t.page.getByRole('button', { name: 'Turn on' }).click();
    await t.page.getByText('Two-step sign-in is on').waitFor();

    await signOut(t.page);
    await t.page.getByLabel('User name').fill(DEMO.manager.userName);
    await t.page.getByLabel('Password').fill(DEMO.manager.password);
    await t.page.getByRole('button', { name: 'Sign in' }).click();
    await t.page.getByRole('heading', { name: 'Enter the 6-digit code' }).waitFor();

    await t.page.getByLabel('Authentication code').fill('000000');
    await t.page.getByRole('button', { name: 'Verify' }).click();
    await t.page.getByRole('alert').waitFor();
    expect(await t.page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);

    // The code used to turn TOTP on may not be replayed: take the next period's.
    await t.page.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await t.page.getByRole('button', { name: 'Verify' }).click();
    await t.page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  });

  test('a weak new password is refused beside the field; a good one keeps the user signed in', async () => {
    await signIn(t.page, t.server.app, DEMO.cashier);
    await t.page.goto(`${t.server.app}/profil`);
    const form = t.page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(DEMO.cashier.password);
    await form.getByLabel('New password', { exact: true }).fill('password1');
    await form.getByLabel('Confirm new password').fill('password1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('This password is too common').waitFor();

    await form.getByLabel('New password', { exact: true }).fill('Till-Roll-Amber-42');
    await form.getByLabel('Confirm new password').fill('Till-Roll-Amber-42');
    await form.getByRole('button', { name: 'Change password' }).click();
    await t.page.getByText('Your password has been changed.').waitFor();
    await t.page.goto(`${t.server.app}/home`);
    await t.page.getByRole('navigation', { name: 'Main menu' }).waitFor();

    await signOut(t.page);
    await signIn(t.page, t.server.app, { userName: DEMO.cashier.userName, password: 'Till-Roll-Amber-42' });
  });
});

describe('languages', () => {
  test('switching to Malay translates the shell and is remembered', async () => {
    await signIn(t.page, t.server.app);
    await t.page.getByRole('combobox', { name: 'Language' }).selectOption('ms');
    await t.page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Laman utama' }).waitFor();
    await t.page.reload();
    await t.page.getByRole('navigation', { name: 'Menu utama' }).waitFor();
    expect(await t.page.evaluate(() => document.documentElement.lang)).toBe('ms');
  });
});
