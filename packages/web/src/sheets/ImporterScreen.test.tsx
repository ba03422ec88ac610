import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { MAPPING_REFUSALS, type SheetMappingOffer } from '@backroom/schema';
import ms from '../../public/locales/ms/translations.json';
import { fail, menuItem, ok, renderSignedIn, stubServer } from '../test/app';
import { ErrorModal } from '../shell/ErrorModal';
import ImporterScreen from './ImporterScreen';

/** A file whose column the mapping saved last time sends into a field the products no longer have. */
const offer: SheetMappingOffer = {
  source: null,
  tagsTo: 'tags',
  columns: [
    { header: 'SKU', field: 'code', by: 'name' },
    { header: 'Fabric', field: 'fabric', by: 'saved' },
  ],
  fields: [{ name: 'code', label: 'SKU', required: true }],
};

describe('the importer refusing the columns a file was sent with', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says which column and why, in the user’s language, not "Validation failed"', async () => {
    const refusal = MAPPING_REFUSALS.noSuchField({ column: 'Fabric', field: 'fabric', what: 'products' });
    stubServer((call) => {
      if (call.url.includes('/GetBlankTemplateOption/')) return ok([{ text: 'Every column', value: 'all' }]);
      if (call.url.endsWith('/InspectImport')) return ok(offer);
      if (call.url.endsWith('/SubmitDataImport'))
        return fail(400, 'Validation failed', [{ field: 'mapping', message: refusal }]);
      return undefined;
    });
    await renderSignedIn(<ImporterScreen item={menuItem('/importer/product', { name: 'Product importer' })} />);
    i18n.addResourceBundle('ms', 'translations', ms);
    await i18n.changeLanguage('ms');
    const file = new File(['SKU,Fabric\nA-1,Linen\n'], 'products.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText(/Lepaskan hamparan/), file);
    await userEvent.click(await screen.findByRole('button', { name: 'Guna lajur ini dan semak fail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Lajur "Fabric" dihantar ke "fabric", yang bukan medan produk: pilih medan lain atau abaikan lajur itu',
    );
  });
});

describe('the importer’s templates failing to load', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('opens the “Sorry,” modal like every screen, says in the user’s language what is missing, and retries', async () => {
    let down = true;
    stubServer((call) =>
      call.url.includes('/GetBlankTemplateOption/')
        ? down
          ? fail(500, 'relation "import_template" does not exist')
          : ok([{ text: 'Every column', value: 'all' }])
        : undefined,
    );
    i18n.addResourceBundle('ms', 'translations', ms);
    await i18n.changeLanguage('ms');
    await renderSignedIn(
      <>
        <ImporterScreen item={menuItem('/importer/product', { name: 'Product importer' })} />
        <ErrorModal />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Maaf,' });
    expect(dialog).toHaveAccessibleDescription('Kami tidak dapat memaparkan halaman ini. Sila cuba lagi kemudian');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Templat tidak dapat dimuatkan, jadi belum ada yang boleh dimuat turun.');
    expect(screen.queryByText(/import_template/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Muat turun templat' })).toBeDisabled();

    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Cuba lagi' }));
    expect(await screen.findByRole('option', { name: 'Every column' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Muat turun templat' })).toBeEnabled();
  });
});
