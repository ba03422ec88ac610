import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAs, placeOnlineOrder } from './support/api';
import { DEMO, expectPath, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness({ demoCatalogue: true });
const api = () => apiAs(t.server, DEMO.admin);

const ORDER_KEY = 'e2e-fit-order-key-0123456789';
let ordersPlaced = false;
/** Online orders from the demo app channel, as its ordering site places them: some new, one accepted (other buttons). */
async function placeOrders() {
  if (ordersPlaced) return;
  ordersPlaced = true;
  const a = await api();
  const [channel] = await a.rows('onlinesaleschannel', {
    Skip: 0,
    Take: 1,
    filters: [{ ColumnName: 'code', ColumnValue: 'APP', Operator: 'EQ' }],
  });
  await a.update('onlinesaleschannel', { ...channel!, orderKey: ORDER_KEY });
  const ids: number[] = [];
  for (const customer of ['Nurul Ain binti Abdullah Rahman', 'Tan Wei Ming', 'Siti Hajar']) {
    ids.push((await placeOnlineOrder(t.server, ORDER_KEY, customer)).id);
  }
  await a.execute('onlinesalesorder', { action: 'accept', ids: [ids[0]!] });
}

/** The cells of a list that name a row or the rows it refers to, whose text does not fit (scrollWidth > clientWidth). */
async function cutIdentifyingCells(page: Page, route: string): Promise<string[]> {
  await page.goto(`${t.server.app}/${route}`);
  const rows = page.locator('.list-table tbody tr');
  await rows.first().locator('.cell-id').first().waitFor();
  // Cut: the cell scrolls, its text reaches past it, or a clamp hides part of it.
  return page.locator('.list-table tbody td:has(.cell-id)').evaluateAll((cells) => {
    const clipped = (td: Element) => {
      const span = td.querySelector('.cell-id')!;
      return getComputedStyle(span).overflow === 'hidden' && span.scrollHeight > span.clientHeight + 1;
    };
    return cells
      .filter((td) => {
        if (!td.textContent?.trim()) return false;
        const range = document.createRange();
        range.selectNodeContents(td.querySelector('.cell-id')!);
        const text = range.getBoundingClientRect();
        const box = td.getBoundingClientRect();
        return (
          td.scrollWidth > td.clientWidth || text.right > box.right + 0.5 || text.left < box.left - 0.5 || clipped(td)
        );
      })
      .map((td) => td.textContent ?? '');
  });
}

describe('lists that fit', { timeout: 180_000 }, () => {
  test('at 1280 px a row’s code and name are never cut', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, t.server.app, DEMO.admin);
    for (const route of ['product', 'membership', 'outlet', 'stockmovement', 'printdeliveryorder', 'pointofsale']) {
      expect(await cutIdentifyingCells(page, route)).toEqual([]);
      // The cells measured are really there: code and name.
      expect(await page.locator('.list-table tbody td:has(.cell-id)').count()).toBeGreaterThan(1);
    }
  }, 240_000);

  test('at 1280 px the stock movements list shows its products and locations whole', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, t.server.app, DEMO.admin);
    expect(await cutIdentifyingCells(page, 'stockmovement')).toEqual([]);
    // The columns measured are really there: the product and the location of each movement.
    expect(await page.locator('.list-table tbody td:has(.cell-id)').count()).toBeGreaterThanOrEqual(20);
  });
});

/** The page reaches no further than the window: nothing to scroll sideways. */
const pageFits = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth + 1);

/** Every element matching `selector` lies inside the box of its closest `within`. */
const allInside = (page: Page, selector: string, within: string) =>
  page.locator(selector).evaluateAll(
    (elements, container) =>
      elements.filter((element) => {
        const box = element.getBoundingClientRect();
        const outer = element.closest(container)!.getBoundingClientRect();
        return box.left < outer.left - 0.5 || box.right > outer.right + 0.5;
      }).length,
    within,
  );

describe('lists that fit on a phone', { timeout: 180_000 }, () => {
  test('at 390 px a product list is one compact line per product: name, SKU and price; a tap opens it', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/product?size=25`);
    const list = page.getByRole('list', { name: 'Products' });
    const rows = list.getByRole('listitem');
    await rows.first().waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    // One line each: a dozen products and more in one screen (the card layout showed 2½).
    const heights = await rows.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThanOrEqual(12);
    // Most one line; a long name wraps rather than being cut.
    expect([...heights].sort((a, b) => a - b)[Math.floor(heights.length / 2)]).toBeLessThanOrEqual(60);
    expect(Math.max(...heights)).toBeLessThanOrEqual(90);
    const firstScreen = await rows.evaluateAll(
      (items) => items.filter((item) => item.getBoundingClientRect().bottom <= window.innerHeight).length,
    );
    expect(firstScreen).toBeGreaterThanOrEqual(8);
    // The row reads name, SKU and price (the catalogue's choice), none cut.
    const first = await api().then((a) =>
      a.rows('product', { Skip: 0, Take: 1, sorts: [{ ColumnName: 'code', Direction: 'ASC' }] }),
    );
    await page.goto(`${t.server.app}/product?size=25&sort=code`);
    const row = page
      .getByRole('listitem')
      .filter({ hasText: String(first[0]!.code) })
      .first();
    await expect.poll(() => row.textContent()).toContain(String(first[0]!.name));
    expect(await row.locator('.list-phone-code').textContent()).toBe(first[0]!.code);
    expect(await row.locator('.list-phone-figure').first().textContent()).toMatch(/^RM\s?\d/);
    expect(await pageFits(page)).toBe(true);
    expect(await allInside(page, '.list-phone-row > *', '.list-phone')).toBe(0);
    await row.getByRole('link').click();
    await expectPath(page, new RegExp(`^/product/edit/${first[0]!.id}`));
  });

  test('at 390 px a product row reads its stock on hand, at the user’s outlets', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    const [product] = await (
      await api()
    ).rows('product', {
      Skip: 0,
      Take: 1,
      filters: [
        { ColumnName: 'type', ColumnValue: 'standard', Operator: 'EQ' },
        { ColumnName: 'trackStock', ColumnValue: true, Operator: 'EQ' },
      ],
      sorts: [{ ColumnName: 'code', Direction: 'ASC' }],
    });
    expect(Number(product!.onHand)).toBeGreaterThan(0);
    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/product?q=${encodeURIComponent(String(product!.code))}`);
    const row = page
      .getByRole('list', { name: 'Products' })
      .getByRole('listitem')
      .filter({ hasText: String(product!.code) })
      .first();
    const figure = row.locator('.list-phone-figure').nth(1);
    await expect.poll(() => figure.textContent()).toMatch(/^On hand -?[\d,]+(\.\d+)?$/);
    expect(Number((await figure.textContent())!.replace(/^On hand /, '').replaceAll(',', ''))).toBe(
      Number(product!.onHand),
    );
    expect(await pageFits(page)).toBe(true);
  });

  test('at 390 px every list is one line per row: a generic one (members) and a feature’s choice (stock movements)', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, t.server.app, DEMO.admin);
    for (const [route, name] of [
      ['membership', 'Members'],
      ['stockmovement', 'Stock movements'],
      ['outlet', 'Outlets'],
    ] as const) {
      await page.goto(`${t.server.app}/${route}`);
      const rows = page.getByRole('list', { name }).getByRole('listitem');
      await rows.first().waitFor();
      const heights = await rows.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
      expect(Math.max(...heights), route).toBeLessThanOrEqual(110);
      expect(await pageFits(page), route).toBe(true);
      expect(await rows.first().locator('.list-phone-title').textContent(), route).not.toBe('');
      if (route !== 'stockmovement') continue;
      // A movement: its product in bold, when and where below, the quantity at the end.
      expect(await rows.first().locator('.list-phone-title').textContent()).toMatch(/^\S+ - /);
      expect(await rows.first().locator('.list-phone-figure').first().textContent()).toMatch(/^-?\d/);
    }
  });

  test('at 390 px a delivery order’s lines are cards: every input in view under its column’s name', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, t.server.app, DEMO.admin);
    await page.goto(`${t.server.app}/printdeliveryorder/edit/1`);
    const lines = page.getByRole('table', { name: 'Lines' });
    await lines.locator('tbody tr').first().waitFor();
    expect(await pageFits(page)).toBe(true);
    expect(await allInside(page, '.child-table tbody td', '.child-table tbody tr')).toBe(0);
    expect(await allInside(page, '.child-table tbody tr', '.card-body')).toBe(0);
    // Each value is labelled on the card itself, as the hidden header row would.
    const label = await lines
      .locator('tbody tr')
      .first()
      .locator('td[data-label]')
      .first()
      .evaluate((td) => getComputedStyle(td, '::before').content);
    expect(label).toBe('"Product"');
    // The product and its quantity read whole on a phone.
    const product = lines.locator('tbody tr').first().getByRole('combobox').first();
    const box = (await product.boundingBox())!;
    expect(box.width).toBeGreaterThan(250);
  });
});

describe('empty lists say what to do', { timeout: 180_000 }, () => {
  for (const width of [1280, 390]) {
    test(`at ${width} px: a search that finds nothing offers to clear it; a list with no rows offers Add`, async () => {
      const { page } = t;
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, t.server.app, DEMO.admin);
      await page.goto(`${t.server.app}/product?q=nothing-is-called-this`);
      const main = page.getByRole('main');
      await main.getByText('No products match the search or filters.').waitFor();
      await main.getByRole('button', { name: 'Clear search and filters' }).click();
      await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
      await (
        width < 576 ? main.getByRole('listitem').first() : main.locator('tbody tr td.text-nowrap').first()
      ).waitFor();

      // No banner at all: the sentence, and the Add button in it.
      const a = await api();
      const banners = await a.rows('bannerdisplay', { Skip: 0, Take: 100 });
      if (banners.length > 0) await a.execute('bannerdisplay', { action: 'delete', ids: banners.map((b) => b.id) });
      await page.goto(`${t.server.app}/bannerdisplay`);
      const empty = main.locator('.list-empty');
      await expect.poll(() => empty.textContent()).toBe('No banners yet. Choose Add to make the first one. Add');
      await empty.getByRole('link', { name: 'Add' }).click();
      await expectPath(page, '/bannerdisplay/add');

      // A cashier, who may not add products, is offered no Add.
      const cashier = await (await t.browser.newContext({ viewport: { width, height: 900 } })).newPage();
      try {
        await signIn(cashier, t.server.app, DEMO.cashier);
        await cashier.goto(`${t.server.app}/product?q=nothing-is-called-this`);
        await cashier.getByRole('main').getByText('No products match the search or filters.').waitFor();
        expect(await cashier.getByRole('main').getByRole('link', { name: 'Add' }).count()).toBe(0);
      } finally {
        await cashier.context().close();
      }
    });
  }
});

describe('the online order board', { timeout: 180_000 }, () => {
  for (const width of [1280, 390]) {
    test(`at ${width} px it stays inside its card`, async () => {
      const { page } = t;
      await page.setViewportSize({ width, height: 900 });
      await placeOrders();
      await signIn(page, t.server.app, DEMO.admin);
      await page.goto(`${t.server.app}/onlinesalesorder`);
      await page.locator('.online-order').first().waitFor();
      const board = page.getByRole('region', { name: 'Orders by status' });
      expect(await board.evaluate((b) => b.scrollWidth <= b.clientWidth + 1)).toBe(true);
      expect(await allInside(page, '.online-order', '.card-body')).toBe(0);
      expect(await allInside(page, '.online-order .btn', '.online-order')).toBe(0);
      expect(await allInside(page, '.online-column', 'section.card')).toBe(0);
      expect(await pageFits(page)).toBe(true);
    });
  }
});

describe('the ≡ button', { timeout: 180_000 }, () => {
  for (const [language, label, desktop] of [
    ['en', 'Show menu', 'Collapse sidebar'],
    ['ms', 'Tunjuk menu', 'Kecilkan bar sisi'],
  ] as const)
    test(`is named in ${language}: on a phone it shows the menu over the page; at 1280 px it collapses the sidebar`, async () => {
      const { page } = t;
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, t.server.app, DEMO.admin);
      if (language !== 'en') await page.getByRole('combobox', { name: 'Language' }).selectOption(language);
      await page.getByRole('button', { name: desktop, exact: true }).waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      const button = page.getByRole('button', { name: label, exact: true });
      await button.waitFor();
      const menu = page.locator('#aside');
      const inView = async () => {
        const box = await menu.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 390;
      };
      expect(await inView()).toBe(false);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.click();
      await expect.poll(inView).toBe(true);
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      // The desktop sidebar's own state is left alone.
      expect(await page.evaluate(() => document.body.classList.contains('aside-collapsed'))).toBe(false);
      // A tap beside the menu puts it away.
      await page.mouse.click(370, 400);
      await expect.poll(inView).toBe(false);

      await page.setViewportSize({ width: 1280, height: 900 });
      // The shell hears the width change on its media query's next event, not within the resize.
      await expect.poll(() => page.getByRole('button', { name: label, exact: true }).count()).toBe(0);
      const collapse = page.getByRole('button', { name: desktop, exact: true });
      await collapse.click();
      await expect.poll(() => page.evaluate(() => document.body.classList.contains('aside-collapsed'))).toBe(true);
      await collapse.click();
      await expect.poll(() => page.evaluate(() => document.body.classList.contains('aside-collapsed'))).toBe(false);
    });
});
