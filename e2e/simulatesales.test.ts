import { describe, expect, test } from 'vitest';
import { signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness({ demoCatalogue: true });

/**
 * The last Wednesday, 15:30 at the outlet: the demo's happy hour (its dates are relative to today),
 * typed as the demo company (MYR, en-MY) writes it: "dd/mm/yyyy 3:30 pm".
 */
function lastWednesday(): string {
  const day = new Date();
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() - 1);
  const [yyyy, mm, dd] = day.toISOString().slice(0, 10).split('-');
  return `${dd}/${mm}/${yyyy} 3:30 pm`;
}

describe('simulate sales', () => {
  test('prices a basket on the demo chain and says why each rule fired or not', async () => {
    const { page } = t;
    await signIn(page, t.server.app);
    await page.goto(`${t.server.app}/simulatesales`);
    await page.getByRole('heading', { name: 'Simulate sales', level: 2 }).waitFor();
    await page.getByLabel('Outlet', { exact: true }).selectOption({ label: 'Bangsar' });
    const moment = page.getByLabel('Date and time');
    await expect.poll(() => moment.getAttribute('placeholder')).toBe('dd/mm/yyyy hh:mm am/pm');
    await moment.fill(lastWednesday());

    const scan = page.getByLabel('Code or barcode');
    await scan.fill('3*PST-002');
    await scan.press('Enter');
    const pastry = page.getByTestId('line-PST-002');
    await pastry.getByText('Any 3 pastries, cheapest free (twice a sale) −7.90').waitFor();
    expect(await pastry.getByText('Product price').count()).toBe(1);

    await scan.fill('COF-LAT-REG');
    await scan.press('Enter');
    const latte = page.getByTestId('line-COF-LAT-REG');
    await latte.getByText('Happy hour: 20% off coffee −2.20').waitFor();

    // Six pastries: the rule applies twice, its maximum.
    const quantity = page.getByLabel('Quantity of PST-002');
    await quantity.fill('6');
    await quantity.press('Enter');
    await pastry.getByText('Any 3 pastries, cheapest free (twice a sale) −15.80').waitFor();

    const receipt = page.getByRole('region', { name: 'Receipt' });
    const total = await receipt.getByTestId('receipt-total').textContent();
    expect(total).toMatch(/^\d+\.\d[05]$/);

    const why = page.getByRole('list', { name: 'Why?' });
    await why
      .getByText(/lost to HAPPY-HOUR Happy hour: 20% off coffee, which comes first and does not stack/)
      .waitFor();
    await why.getByText(/not on Wed: runs on Sat, Sun/).waitFor();
    await why
      .getByText(/not given for this sale/)
      .first()
      .waitFor();

    await page.getByLabel('Member').fill('M100005');
    await page.getByLabel('Member').press('Enter');
    await receipt.getByText('Points earned').waitFor();
    expect(Number(await receipt.getByTestId('receipt-points').textContent())).toBeGreaterThan(0);
  });
});
