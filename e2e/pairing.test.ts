import { describe, expect, test } from 'vitest';
import { DEMO } from './support/console';
import { signedInHarness } from './support/harness';

const t = signedInHarness(DEMO.admin, { demoCatalogue: true });

describe('pairing a terminal from its screen', () => {
  test('the Pair button shows a one-time code and its QR code', async () => {
    const { page } = t;
    await page.goto(`${t.server.app}/pointofsale/edit/1`);
    await page.getByRole('button', { name: 'Pair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pair this terminal' });
    await dialog.waitFor();
    const code = (await dialog.getByTestId('pairing-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]+$/);
    const qr = dialog.getByRole('img', { name: `QR code of the pairing code ${code}` });
    await qr.locator('svg').waitFor();
    expect(await qr.locator('svg path').count()).toBeGreaterThan(0);
  });
});
