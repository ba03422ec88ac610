import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HomeDashboard } from '../home/HomeDashboard';
import { ErrorModal } from '../shell/ErrorModal';
import { emptyList, fail, menuItem, ok, renderScreen, renderSignedIn, stubServer, type Call } from '../test/app';

/**
 * Every kind of call, failed: the "Sorry," modal opens from the HTTP client (one place), and the
 * screen offers a retry where one is useful. A validation answer naming fields opens no modal.
 */

const bundle = {
  id: 7,
  version: 3,
  code: 'B007',
  name: 'Tea set',
  price: '12.50',
  items: [],
  outlets: [],
  isActive: true,
};

/** The modal, closed with OK. */
async function sorry() {
  const dialog = await screen.findByRole('dialog', { name: 'Sorry,' });
  expect(dialog).toHaveAccessibleDescription("We couldn't provide this page. Please try again later");
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  expect(screen.queryByRole('dialog', { name: 'Sorry,' })).toBeNull();
}

/** A server that fails calls matching `failing` with 500 while `down()` says so, and answers the bundle otherwise. */
function flakyServer(
  failing: (call: Call) => boolean,
  extra: (call: Call) => ReturnType<typeof ok> | undefined = () => undefined,
) {
  let down = true;
  const server = stubServer(
    (call) => {
      if (down && failing(call)) return fail(500, 'Database unavailable');
      if (call.url.endsWith('/fetch/bundle')) return ok([bundle], 1);
      return extra(call);
    },
    { otherwise: emptyList },
  );
  return { ...server, recover: () => (down = false) };
}

describe('a failed call of any kind', () => {
  it('a list: the modal, and a Retry beside the failure that loads the rows', async () => {
    const server = flakyServer((call) => call.url.endsWith('/fetch/bundle'));
    await renderScreen(menuItem('/bundle', { name: 'Bundles' }), '/bundle');
    render(<ErrorModal />);
    await sorry();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the records: Database unavailable');
    server.recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'B007' })).toBeInTheDocument();
  });

  it('a form’s record: the modal, and a Retry that loads the form', async () => {
    const server = flakyServer((call) => call.url.endsWith('/fetch/bundle'));
    await renderScreen(menuItem('/bundle'), '/bundle/edit/7');
    render(<ErrorModal />);
    await sorry();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Back to list' })).toBeInTheDocument();
    server.recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Code')).toHaveValue('B007');
  });

  it('a save: the modal for a failure, none for a validation answer naming fields', async () => {
    let answer = fail(500, 'Database unavailable');
    stubServer(
      (call) =>
        call.url.endsWith('/Update/bundle') ? answer : call.url.endsWith('/fetch/bundle') ? ok([bundle], 1) : undefined,
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/bundle'), '/bundle/edit/7');
    render(<ErrorModal />);
    const name = await screen.findByLabelText('Name');
    await userEvent.type(name, ' for two');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await sorry();

    answer = fail(400, 'Name is taken', [{ field: 'name', message: 'Name is taken' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name is taken'));
    expect(screen.queryByRole('dialog', { name: 'Sorry,' })).toBeNull();
  });

  it('a drop-down: the modal, and a click on the picker asks again', async () => {
    const server = flakyServer(
      (call) => call.url.endsWith('/GetDropDown/product'),
      (call) => (call.url.endsWith('/GetDropDown/product') ? ok([{ text: 'B1 - Banana', value: 9 }]) : undefined),
    );
    await renderScreen(menuItem('/bundle'), '/bundle/edit/7');
    render(<ErrorModal />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add row to Items' }));
    // A click opens the picker (no typing needed), which asks the server for options.
    const product = screen.getByRole('combobox', { name: 'Product, row 1' });
    await userEvent.click(product);
    await sorry();
    server.recover();
    await userEvent.click(product);
    expect(await within(screen.getByRole('listbox')).findByRole('option', { name: 'B1 - Banana' })).toBeInTheDocument();
  });

  it('Home: the modal, and a Retry that shows the figures', async () => {
    const server = flakyServer(
      (call) => call.url.endsWith('/home/Summary'),
      (call) =>
        call.url.endsWith('/home/Summary')
          ? ok({ at: '2026-05-01T10:00:00.000Z', jobsRunning: { count: 1, rows: [] } })
          : undefined,
    );
    await renderSignedIn(
      <>
        <HomeDashboard />
        <ErrorModal />
      </>,
    );
    await sorry();
    server.recover();
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('job running')).toBeInTheDocument();
  });
});
