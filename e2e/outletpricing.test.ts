import { describe, expect, test } from 'vitest';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness({ demoCatalogue: true });

const priceCell = (product: string, outlet: string) =>
  t.page.getByRole('textbox', { name: `Price of ${product} at ${outlet}`, exact: true });

async function openGrid(search: string) {
  await t.page.goto(`${t.server.app}/outletpricing`);
  await t.page.getByRole('table', { name: 'Outlet pricing' }).waitFor();
  const box = t.page.getByLabel('Search products');
  await box.fill(search);
  await box.press('Enter');
  await t.page.getByText('Page 1 of 1 (1 product)').waitFor();
}

describe('outlet pricing', () => {
  test('the store manager sets an outlet’s price, which stays after a reload', async () => {
    await signIn(t.page, t.server.app, DEMO.manager);
    await openGrid('Americano');
    expect(await priceCell('Americano', 'Mid Valley').inputValue()).toBe('9.00');
    const bangsar = priceCell('Americano', 'Bangsar');
    expect(await bangsar.inputValue()).toBe('');
    expect(await bangsar.getAttribute('placeholder')).toBe('8.50');

    await bangsar.fill('8.8');
    await t.page.getByText('1 unsaved price').waitFor();
    await t.page.getByRole('button', { name: 'Save', exact: true }).click();
    await t.page.getByText('Saved 1 price.').waitFor();

    await t.page.reload();
    await openGrid('Americano');
    expect(await priceCell('Americano', 'Bangsar').inputValue()).toBe('8.80');
  });

  test('the cashier sees the prices but cannot change them', async () => {
    await signIn(t.page, t.server.app, DEMO.cashier);
    await openGrid('Americano');
    expect(await priceCell('Americano', 'Mid Valley').inputValue()).toBe('9.00');
    expect(await priceCell('Americano', 'Mid Valley').getAttribute('readonly')).not.toBeNull();
    await expect(t.page.getByRole('button', { name: 'Save', exact: true }).count()).resolves.toBe(0);
  });
});
