import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyList, fail, menuItem, ok, renderScreen, stubServer } from '../test/app';

describe('the Add of a list-only screen', () => {
  it('adds a list value category from a form above the list, and the list reloads', async () => {
    let fetches = 0;
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/Insert/listvaluecategory'))
          return (call.body as { code: string }).code === 'BRAND'
            ? fail(409, 'Code is taken', [{ field: 'code', message: 'Code BRAND is taken' }])
            : ok({ id: 8, version: 1 });
        if (call.url.endsWith('/fetch/listvaluecategory')) fetches++;
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/listvaluecategory'), '/listvaluecategory');
    const open = await screen.findByRole('button', { name: 'Add' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    const form = screen.getByRole('form', { name: 'New list value category' });
    await userEvent.type(screen.getByLabelText('Code'), 'BRAND');
    await userEvent.type(screen.getByLabelText('Name'), 'Brand');
    await userEvent.click(form.querySelector('button[type=submit]')!);
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Code BRAND is taken'));

    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), 'SEASON');
    const before = fetches;
    await userEvent.click(form.querySelector('button[type=submit]')!);
    expect(await screen.findByText('Added.')).toBeInTheDocument();
    expect(server.bodies('/Insert/listvaluecategory').at(-1)).toMatchObject({ code: 'SEASON', name: 'Brand' });
    expect(screen.getByLabelText('Code')).toHaveValue('');
    await waitFor(() => expect(fetches).toBeGreaterThan(before));
  });

  it('offers no Add to a user who may not edit', async () => {
    stubServer(() => undefined, { otherwise: emptyList });
    await renderScreen(menuItem('/futureproductprice', { ableToEdit: false }), '/futureproductprice');
    await screen.findByRole('heading', { level: 2 });
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
