import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import ms from '../../public/locales/ms/translations.json';
import { emptyList, menuItem, renderScreen, stubServer } from '../test/app';

describe('a field’s help', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('is shown under its input in the current language, and describes the input', async () => {
    stubServer(() => undefined, { otherwise: emptyList });
    await renderScreen(menuItem('/product'), '/product/add');
    expect((await screen.findByLabelText('Short name')).getAttribute('aria-describedby')).toBe(
      screen.getByText('Printed on receipts.').id,
    );

    i18n.addResourceBundle('ms', 'translations', ms);
    await i18n.changeLanguage('ms');
    const help = await screen.findByText('Dicetak pada resit.');
    expect(screen.getByLabelText('Nama pendek').getAttribute('aria-describedby')).toBe(help.id);
    expect(screen.queryByText('Printed on receipts.')).toBeNull();
  });

  it('of a child table is shown under the table', async () => {
    stubServer(() => undefined, { otherwise: emptyList });
    await renderScreen(menuItem('/product'), '/product/add');
    const help = await screen.findByText('For composite items.');
    expect(help.closest('fieldset')?.getAttribute('aria-describedby')).toBe(help.id);
  });
});
