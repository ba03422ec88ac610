import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dropdown, emptyList, fail, menuItem, ok, renderScreen, stubServer } from '../test/app';

const layout = {
  id: 5,
  version: 2,
  code: 'CAFE',
  name: 'Café keys',
  outlet: null,
  rows: 2,
  columns: 3,
  keys: [
    {
      id: 1,
      position: 0,
      label: 'Latte',
      colour: '#aa0000',
      action: 'product',
      product: 7,
      productLabel: 'LAT - Latte',
      category: null,
      functionName: null,
    },
  ],
};

describe('hotkey form', () => {
  it('confirms a new layout once it is created, and names a key’s problem by its row, not its path', async () => {
    stubServer(
      (call) => {
        if (call.url.endsWith('/Insert/hotkey')) return ok({ ...layout, ...(call.body as object), id: 9, version: 1 });
        if (call.url.endsWith('/fetch/hotkey')) return ok([{ ...layout, id: 9, version: 1, code: 'NEW', keys: [] }], 1);
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/hotkey', { name: 'Hotkeys' }), '/hotkey/add');
    await userEvent.type(await screen.findByLabelText('Code'), 'NEW');
    await userEvent.type(screen.getByLabelText('Name'), 'New keys');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/hotkey/edit/9'));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();

    // A refused key is named by its row and the field's words, never by its path (keys.0.label).
    await userEvent.type(screen.getByLabelText('Name'), ' 2');
    stubServer(
      (call) =>
        call.url.endsWith('/Update/hotkey')
          ? fail(400, 'Label is required', [{ field: 'keys.0.label', message: 'Label is required' }])
          : undefined,
      { otherwise: emptyList },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Keys, row 1: Label is required')).toBeInTheDocument();
    expect(screen.queryByText(/keys\.0/)).toBeNull();
  });

  it('shows the keys as a rows × columns grid and assigns a key by clicking it', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/hotkey')) return ok([layout], 1);
        if (call.url.includes('/GetDropDown/product')) return dropdown([{ text: 'MOC - Mocha', value: 8 }]);
        if (call.url.endsWith('/Update/hotkey')) return ok({ ...layout, ...(call.body as object), version: 3 });
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/hotkey', { name: 'Hotkeys' }), '/hotkey/edit/5');
    const grid = await screen.findByRole('grid', { name: 'Keys' });
    expect(within(grid).getAllByRole('row')).toHaveLength(2);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(6);
    expect(within(grid).getByRole('gridcell', { name: 'Key 1: Latte' })).toBeInTheDocument();

    await userEvent.click(within(grid).getByRole('gridcell', { name: 'Key 5: empty' }));
    const editor = screen.getByRole('group', { name: 'Key 5' });
    await waitFor(() => expect(within(editor).getByRole('option', { name: 'MOC - Mocha' })).toBeInTheDocument());
    await userEvent.selectOptions(within(editor).getByLabelText('Product'), '8');
    expect(within(editor).getByLabelText('Label')).toHaveValue('Mocha');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.posted('/Update/hotkey')).toHaveLength(1));
    expect(server.posted('/Update/hotkey')[0]).toMatchObject({
      id: 5,
      version: 2,
      rows: 2,
      columns: 3,
      keys: [
        { position: 0, label: 'Latte', action: 'product', product: 7 },
        { position: 4, label: 'Mocha', action: 'product', product: 8, category: null, functionName: null },
      ],
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('drops keys outside a smaller grid on save', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/hotkey'))
          return ok(
            [{ ...layout, keys: [...layout.keys, { ...layout.keys[0], id: 2, position: 5, label: 'Tea' }] }],
            1,
          );
        if (call.url.endsWith('/Update/hotkey')) return ok({ ...layout, version: 3 });
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/hotkey', { name: 'Hotkeys' }), '/hotkey/edit/5');
    await screen.findByRole('grid', { name: 'Keys' });
    fireEvent.change(screen.getByLabelText('Rows'), { target: { value: '1' } });
    expect(within(screen.getByRole('grid', { name: 'Keys' })).getAllByRole('gridcell')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.posted('/Update/hotkey')).toHaveLength(1));
    expect((server.posted('/Update/hotkey')[0] as { keys: { label: string }[] }).keys.map((k) => k.label)).toEqual([
      'Latte',
    ]);
  });

  it('asks before leaving with unsaved changes, the grid’s as much as the fields’', async () => {
    stubServer((call) => (call.url.endsWith('/fetch/hotkey') ? ok([layout], 1) : undefined), { otherwise: emptyList });
    const { router } = await renderScreen(menuItem('/hotkey', { name: 'Hotkeys' }), '/hotkey/edit/5');
    const location = () => screen.getByTestId('location').textContent;
    await userEvent.click(await screen.findByRole('gridcell', { name: 'Key 2: empty' }));
    await userEvent.click(screen.getByRole('link', { name: 'Back to list' }));
    expect(location()).toBe('/hotkey');

    await act(() => router.navigate('/hotkey/edit/5'));
    fireEvent.change(await screen.findByLabelText('Columns'), { target: { value: '2' } });
    await userEvent.click(screen.getByRole('link', { name: 'Back to list' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Leave without saving your changes?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(location()).toBe('/hotkey/edit/5');
    expect(within(screen.getByRole('grid', { name: 'Keys' })).getAllByRole('gridcell')).toHaveLength(4);

    await userEvent.type(screen.getByLabelText('Name'), ' deluxe');
    await userEvent.click(screen.getByRole('link', { name: 'Back to list' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Leave without saving your changes?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(location()).toBe('/hotkey');
  });
});
