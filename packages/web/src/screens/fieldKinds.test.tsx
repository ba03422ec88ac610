import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dropdown, menuItem, ok, renderScreen, stubServer, emptyList } from '../test/app';

describe('form inputs by field kind', () => {
  it('an image uploads to /upload, shows a thumbnail and saves the returned path', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.includes('/upload/')) return { data: { fileName: 'tea.png', url: '/files/category/tea.png' } };
        if (call.url.endsWith('/Insert/category'))
          return ok({ id: 3, version: 1, code: 'TEA', name: 'Tea', image: '/files/category/tea.png' });
        if (call.url.endsWith('/fetch/category'))
          return ok([{ id: 3, version: 1, code: 'TEA', name: 'Tea', image: '/files/category/tea.png' }], 1);
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/category'), '/category/add');
    await userEvent.type(await screen.findByLabelText('Code'), 'TEA');
    await userEvent.type(screen.getByLabelText('Name'), 'Tea');
    await userEvent.upload(screen.getByLabelText('Image'), new File(['png'], 'tea.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Image image 1' })).toHaveAttribute('src', '/files/category/tea.png');
    const upload = server.calls.find((c) => c.url.includes('/upload/'))!;
    expect(upload.url).toBe(`${window.location.origin}/upload/category`);
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies('/Insert/category')).toHaveLength(1));
    expect(server.bodies('/Insert/category')[0]).toMatchObject({
      code: 'TEA',
      name: 'Tea',
      image: '/files/category/tea.png',
    });
  });

  it('a secret shows the masked value and keeps it when blank; a multireference edits chips', async () => {
    const row = {
      id: 4,
      version: 2,
      code: 'PG',
      name: 'Gateway',
      provider: 'stripe',
      environment: 'sandbox',
      apiKey: '••••',
      outlets: [1],
      isActive: true,
    };
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/paymentgateway')) return ok([row], 1);
        if (call.url.endsWith('/GetDropDown/outlet'))
          return call.params.ids === '1'
            ? dropdown([{ text: 'Main street', value: 1 }])
            : dropdown([{ text: 'Harbour', value: 2 }]);
        if (call.url.endsWith('/Update/paymentgateway')) return ok({ ...row, version: 3 });
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/paymentgateway'), '/paymentgateway/edit/4');
    const key = await screen.findByLabelText('API key');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAttribute('placeholder', '••••');
    expect(key).toHaveValue('');

    const chips = screen.getByRole('list', { name: 'Selected' });
    expect(await within(chips).findByText('Main street')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: 'Outlets' }), 'har');
    await userEvent.click(await screen.findByRole('option', { name: 'Harbour' }));
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove Main street' }));
    expect(within(chips).getByText('Harbour')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies('/Update/paymentgateway')).toHaveLength(1));
    const body = server.bodies('/Update/paymentgateway')[0]!;
    expect(body).toMatchObject({ id: 4, version: 2, outlets: [2] });
    expect(body).not.toHaveProperty('apiKey');
  });

  it('a reference list closes as soon as the keyboard leaves the field; a click on an option keeps the focus', async () => {
    const row = {
      id: 4,
      version: 2,
      code: 'PG',
      name: 'Gateway',
      provider: 'stripe',
      environment: 'sandbox',
      apiKey: '••••',
      outlets: [],
      isActive: true,
    };
    stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/paymentgateway')) return ok([row], 1);
        if (call.url.endsWith('/GetDropDown/outlet')) return dropdown([{ text: 'Harbour', value: 2 }]);
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/paymentgateway'), '/paymentgateway/edit/4');
    const outlets = await screen.findByRole('combobox', { name: 'Outlets' });
    await userEvent.type(outlets, 'har');
    expect(await screen.findByRole('option', { name: 'Harbour' })).toBeInTheDocument();
    expect(outlets).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(outlets).not.toHaveFocus();
    expect(outlets).toHaveAttribute('aria-expanded', 'false');
    expect(outlets).toHaveValue('');

    await userEvent.type(outlets, 'har');
    // A press on the list itself (its scroll bar, its padding) keeps it open.
    await userEvent.pointer({ keys: '[MouseLeft]', target: screen.getByRole('listbox', { name: 'Options' }) });
    expect(outlets).toHaveFocus();
    expect(outlets).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(await screen.findByRole('option', { name: 'Harbour' }));
    expect(outlets).toHaveFocus();
    expect(within(screen.getByRole('list', { name: 'Selected' })).getByText('Harbour')).toBeInTheDocument();
  });
});
