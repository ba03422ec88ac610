import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiAs, placeOnlineOrder } from './support/api';
import { audit, settled } from './support/axe';
import { DEMO, expectPath } from './support/console';
import { signedInHarness } from './support/harness';
import { BASE_PATH } from './support/server';

// The job worker delivers webhooks; private targets let it reach the receiver on this machine.
const t = signedInHarness(DEMO.admin, { allowPrivateTargets: true }, { jobWorker: true });
const LIVE = { timeout: 25_000 };
const ORDER_KEY = 'e2e-order-key-0123456789';
let api: Awaited<ReturnType<typeof apiAs>>;
const findings: string[] = [];

/** A terminal API call, as a till makes it. */
async function asTill(method: 'GET' | 'POST', path: string, authorization: string | null, body?: unknown) {
  const answer = await fetch(`${t.server.origin}${BASE_PATH}/core/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await answer.json()) as {
    data: Record<string, unknown> & Record<string, unknown>[];
    message: string;
  };
  expect(answer.status, `${path}: ${envelope.message}`).toBe(200);
  return envelope.data;
}

/** An order from the demo app channel, as its ordering site places one. */
const placeOrder = async (customer: string) => (await placeOnlineOrder(t.server, ORDER_KEY, customer)).orderNo;

/** Opens a console route and waits for its heading. */
async function open(page: Page, route: string) {
  await page.goto(`${t.server.app}/${route}`);
  await page.getByRole('main').getByRole('heading').first().waitFor();
}

const check = async (page: Page, where: string) => {
  await settled(page);
  findings.push(...(await audit(page, where)));
};

const receiver = { hits: 0, server: undefined as Server | undefined, url: '' };
beforeAll(async () => {
  api = await apiAs(t.server, DEMO.admin);
  const [channel] = await api.rows('onlinesaleschannel', {
    Skip: 0,
    Take: 1,
    filters: [{ ColumnName: 'code', ColumnValue: 'APP', Operator: 'EQ' }],
  });
  await api.update('onlinesaleschannel', { ...channel!, orderKey: ORDER_KEY });
  receiver.server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      receiver.hits++;
      res.writeHead(202, { 'content-type': 'text/plain' }).end('got it');
    });
  });
  await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server!.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  receiver.server?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver.server ? receiver.server.close(() => resolve()) : resolve()));
});

describe('terminals and online orders in the browser', () => {
  test('the order board shows a placed order live, moves it by its buttons, and asks why on cancel', async () => {
    const { page } = t;
    await open(page, 'onlinesalesorder');
    const board = page.getByRole('region', { name: 'Orders by status' });
    await board.waitFor();
    const column = (status: string) => board.getByRole('list', { name: status, exact: true });

    const orderNo = await placeOrder('Aisha Rahman');
    const card = board.getByRole('listitem', { name: orderNo });
    await column('New').getByRole('listitem', { name: orderNo }).waitFor(LIVE);
    await check(page, '/onlinesalesorder board');

    for (const [action, status] of [
      ['Accept', 'Accepted'],
      ['Prepare', 'Preparing'],
      ['Ready', 'Ready'],
      ['Complete', 'Completed'],
    ] as const) {
      await card.getByRole('button', { name: action, exact: true }).click();
      await column(status).getByRole('listitem', { name: orderNo }).waitFor();
    }
    expect(await card.getByRole('button').count()).toBe(0);

    const other = await placeOrder('Ben Tan');
    const second = column('New').getByRole('listitem', { name: other });
    await second.waitFor(LIVE);
    await second.getByRole('button', { name: 'Cancel', exact: true }).click();
    const reason = second.getByRole('combobox', { name: 'Cancel reason' });
    await expect.poll(() => reason.locator('option').count()).toBeGreaterThan(1);
    expect(await second.getByRole('button', { name: 'Cancel order' }).isDisabled()).toBe(true);
    await check(page, '/onlinesalesorder cancel reason');
    await reason.selectOption({ index: 1 });
    await second.getByRole('button', { name: 'Cancel order' }).click();
    await column('Cancelled').getByRole('listitem', { name: other }).waitFor();

    // The search narrows every column to the orders found, and Export writes exactly those.
    const search = page.getByRole('searchbox', { name: 'Search orders' });
    await search.fill('Ben Tan');
    await expect.poll(() => board.getByRole('listitem').count()).toBe(1);
    await column('Cancelled').getByRole('listitem', { name: other }).waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe('Ben Tan');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const sheet = new ExcelJS.Workbook();
    await sheet.xlsx.readFile((await (await download).path())!);
    const cells = sheet.worksheets[0]!.getSheetValues().flat().map(String);
    expect(cells).toContain(other);
    expect(cells).not.toContain(orderNo);
    await search.fill(orderNo);
    await board.getByRole('listitem', { name: orderNo }).waitFor();
    await expect.poll(() => board.getByRole('listitem').count()).toBe(1);
  });

  test('the hotkey form is a key grid: a key set to a product, label and colour stays so after a reload', async () => {
    const { page } = t;
    await open(page, 'hotkey/add');
    await page.getByLabel('Code', { exact: true }).fill('E2E-KEYS');
    await page.getByLabel('Name', { exact: true }).fill('Counter keys');
    const grid = page.getByRole('grid', { name: 'Keys' });
    await grid.getByRole('gridcell', { name: 'Key 3: empty' }).click();
    const editor = page.getByRole('group', { name: 'Key 3' });
    await editor.getByRole('searchbox', { name: 'Search Product' }).fill('PST-002');
    const product = editor.getByRole('combobox', { name: 'Product' });
    await expect.poll(() => product.locator('option', { hasText: 'PST-002' }).count()).toBe(1);
    await product.selectOption({ label: (await product.locator('option', { hasText: 'PST-002' }).textContent())! });
    await editor.getByLabel('Label').fill('Croissant');
    await editor.getByLabel('Colour').fill('#7a2e0e');
    await check(page, '/hotkey key grid with a key open');
    // Unsaved keys hold the page: leaving asks first.
    await page.getByRole('link', { name: 'Back to list' }).click();
    await page
      .getByRole('dialog', { name: 'Leave without saving your changes?' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expectPath(page, '/hotkey/add');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectPath(page, /^\/hotkey\/edit\/\d+$/);

    await page.reload();
    const key = page.getByRole('grid', { name: 'Keys' }).getByRole('gridcell', { name: 'Key 3: Croissant' });
    await key.waitFor();
    expect(await key.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgba?\(122, 46, 14(, 1)?\)$/);
    await key.click();
    const reopened = page.getByRole('group', { name: 'Key 3' });
    expect(await reopened.getByLabel('Label').inputValue()).toBe('Croissant');
    expect(await reopened.getByRole('combobox', { name: 'Product' }).locator('option:checked').textContent()).toContain(
      'PST-002',
    );
    expect(await reopened.getByLabel('Colour').inputValue()).toBe('#7a2e0e');
  });

  test("terminal status: the demo's terminals, and one turning online on its heartbeat without a reload", async () => {
    const { page } = t;
    await open(page, 'terminalstatus');
    const table = page.getByRole('table', { name: 'Terminal status' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Yes', exact: true }) });
    await expect.poll(() => rows.count()).toBe(2);
    const quiet = rows.filter({ hasText: 'Offline' }).first();
    const code = (await quiet.getByRole('cell').first().textContent())!.split(' - ')[0]!;
    expect(await rows.filter({ hasText: 'Online' }).count()).toBe(1);
    await check(page, '/terminalstatus');

    const [terminal] = await api.rows('pointofsale', {
      Skip: 0,
      Take: 1,
      filters: [{ ColumnName: 'code', ColumnValue: code, Operator: 'EQ' }],
    });
    const { token } = await pairTill(terminal!.id);
    await asTill('POST', '/pointofsale/Heartbeat', `Terminal ${token}`, {
      appVersion: '9.8.7',
      lastSyncAt: new Date().toISOString(),
      unsentTransactions: 0,
    });
    const row = table.getByRole('row').filter({ hasText: code });
    await row.getByText('Online').waitFor(LIVE);
    await row.getByRole('cell', { name: '9.8.7' }).waitFor();
  });

  test("an app command shows each terminal's status: pending, then done once the terminal fetched and acknowledged it", async () => {
    const { page } = t;
    const [terminal] = await api.rows('pointofsale', {
      Skip: 0,
      Take: 1,
      filters: [{ ColumnName: 'code', ColumnValue: '-POS2', Operator: 'LIKE' }],
    });
    const { token } = await pairTill(terminal!.id);
    const sent = await api.insert('appcommand', { command: 'syncCatalogue', targetTerminals: [terminal!.id] });
    await open(page, `appcommand/edit/${sent.id}`);
    const statuses = page.getByRole('table', { name: 'Status per terminal' });
    await statuses.getByText('Pending').waitFor();
    await check(page, '/appcommand status');

    const commands = (await asTill('GET', '/pointofsale/Commands', `Terminal ${token}`)) as unknown as { id: number }[];
    // The demo has its own commands waiting for its terminals; this one is among what the till fetches.
    expect(commands.map((c) => c.id)).toContain(sent.id);
    await asTill('POST', `/pointofsale/Commands/${sent.id}/Ack`, `Terminal ${token}`, { status: 'done' });
    await statuses.getByText('Done').waitFor(LIVE);
  });

  test('a webhook delivery shows in its log with status and response code, and Redeliver sends it again', async () => {
    const { page } = t;
    const hook = await api.insert('webhook', {
      name: 'Shop site',
      url: receiver.url,
      events: ['order.created'],
      secret: 'whsec_e2e_0123456789',
      enabled: true,
    });
    await placeOrder('Chong Wei');
    await open(page, `webhook/edit/${hook.id}`);
    const log = page.getByRole('table', { name: 'Delivery log' });
    const delivery = log.getByRole('row').filter({ hasText: 'order.created' });
    await delivery.getByText('Delivered').waitFor(LIVE);
    await delivery.getByRole('cell', { name: '202', exact: true }).waitFor();
    expect(receiver.hits).toBe(1);
    await check(page, '/webhook delivery log');

    // Sent again: the same delivery, pending until the job has run — which may be before the log
    // shows it. The log reads the company's clock to the minute, so the new attempt is awaited on
    // the delivery itself, then the log must read it delivered.
    const lastAttemptAt = async () =>
      (
        await api.rows('webhookdelivery', {
          Skip: 0,
          Take: 1,
          filters: [{ ColumnName: 'webhook', ColumnValue: hook.id, Operator: 'EQ' }],
        })
      )[0]!.lastAttemptAt;
    const firstAttempt = await lastAttemptAt();
    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await expect.poll(() => receiver.hits, LIVE).toBe(2);
    await expect.poll(lastAttemptAt, LIVE).not.toBe(firstAttempt);
    await delivery.getByText('Delivered').waitFor(LIVE);
  });

  test("the sales list opens a receipt with its lines, payments and totals; a return's names its sale and is below zero", async () => {
    const { page } = t;
    // Found by receipt number: which receipt is newest depends on the hour the demo was seeded.
    const newest = async (kind: 'sale' | 'return') =>
      (
        await api.rows('sale', {
          Skip: 0,
          Take: 1,
          filters: [{ ColumnName: 'kind', ColumnValue: kind, Operator: 'EQ' }],
          sorts: [{ ColumnName: 'at', Direction: 'DESC' }],
        })
      )[0]!;
    const openReceipt = async (receiptNo: string) => {
      await open(page, 'sale');
      const search = page.getByRole('searchbox', { name: 'Search', exact: true });
      await search.fill(receiptNo);
      await search.press('Enter');
      await page.getByRole('button', { name: `View ${receiptNo}`, exact: true }).click();
      const receipt = page.getByRole('dialog', { name: `Receipt ${receiptNo}` });
      await receipt.getByRole('table', { name: 'Items' }).waitFor();
      return receipt;
    };

    const sale = await newest('sale');
    const receipt = await openReceipt(String(sale.receiptNo));
    expect(await receipt.getByRole('table', { name: 'Items' }).getByRole('row').count()).toBeGreaterThan(1);
    await receipt.getByText('Subtotal').waitFor();
    await receipt
      .getByText(/Cash|Visa|DuitNow|Touch/)
      .first()
      .waitFor();
    expect(await receipt.locator('dd.fw-bold').textContent()).toMatch(/^\d[\d,]*\.\d\d$/);
    await check(page, '/sale receipt');
    await receipt.getByRole('button', { name: 'OK' }).click();

    const back = await newest('return');
    const returned = await openReceipt(String(back.receiptNo));
    await returned.getByText(`Return of receipt ${String(back.originalReceiptNo)}`).waitFor();
    expect(await returned.locator('dd.fw-bold').textContent()).toMatch(/^-\d[\d,]*\.\d\d$/);
    await returned.getByRole('button', { name: 'OK' }).click();
  });

  test('layout setup, terminal settings and the commission report with its figures', async () => {
    const { page } = t;
    for (const route of ['layoutsetup', 'posterminalsettings']) {
      await open(page, route);
      await page
        .getByRole('button', { name: 'Save' })
        .first()
        .or(page.getByRole('button', { name: 'Add layout' }))
        .first()
        .waitFor();
      await check(page, `/${route}`);
    }
    await open(page, 'commissionreport');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByRole('table').or(page.getByText('No commission in this period.')).first().waitFor();
    await check(page, '/commissionreport with figures');
  });

  test('no serious or critical axe finding on these screens', () => {
    if (findings.length > 0) console.log(findings.join('\n'));
    expect(findings).toEqual([]);
  });
});

/** Pairs a terminal the way a shop does: the console's one-time code, redeemed by the device. */
async function pairTill(terminalId: number) {
  const { code } = await api.execute<{ code: string }>('pointofsale', { action: 'pair', ids: [terminalId] });
  const answer = await asTill('POST', '/pointofsale/Pair', null, { code, deviceId: `e2e-${terminalId}` });
  return { token: String(answer.terminalToken) };
}
