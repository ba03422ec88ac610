import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyList, menuItem, ok, renderScreen, stubServer } from '../test/app';

const layout = {
  id: 5,
  version: 2,
  code: 'CAFE',
  name: 'Café keys',
  outlet: null,
  rows: 2,
  columns: 3,
  keys: [{ id: 1, position: 0, label: 'Latte', colour: '#aa0000', action: 'product', product: 7, productLabel: 'LAT - Latte', category: null, functionName: null }],
};

describe('hotkey form', () => {
  it('shows the keys as a rows × columns grid and assigns a key by clicking it', async () => {
    const server = stubServer((call) => {
      if (call.url.endsWith('/fetch/hotkey')) return ok([layout], 1);
      if (call.url.includes('/GetDropDown/product')) return ok([{ text: 'MOC - Mocha', value: 8 }]);
      if (call.url.endsWith('/Update/hotkey')) return ok({ ...layout, ...(call.body as object), version: 3 });
      return undefined;
    }, { otherwise: emptyList });
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
    const server = stubServer((call) => {
      if (call.url.endsWith('/fetch/hotkey')) return ok([{ ...layout, keys: [...layout.keys, { ...layout.keys[0], id: 2, position: 5, label: 'Tea' }] }], 1);
      if (call.url.endsWith('/Update/hotkey')) return ok({ ...layout, version: 3 });
      return undefined;
    }, { otherwise: emptyList });
    await renderScreen(menuItem('/hotkey', { name: 'Hotkeys' }), '/hotkey/edit/5');
    await screen.findByRole('grid', { name: 'Keys' });
    fireEvent.change(screen.getByLabelText('Rows'), { target: { value: '1' } });
    expect(within(screen.getByRole('grid', { name: 'Keys' })).getAllByRole('gridcell')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.posted('/Update/hotkey')).toHaveLength(1));
    expect((server.posted('/Update/hotkey')[0] as { keys: { label: string }[] }).keys.map((k) => k.label)).toEqual(['Latte']);
  });
});
