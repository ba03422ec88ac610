import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { SOURCE_NOTES, type SheetJob } from '@backroom/schema';
import ms from '../../public/locales/ms/translations.json';
import { renderSignedIn, stubServer } from '../test/app';
import { MappingSummary } from './MappingSummary';

describe('how a known source’s file was read', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('tells a Malay user in Malay which cells were left out and why, with the sheet’s row, column and values', async () => {
    const job = {
      jobId: 4,
      kind: 'import',
      status: 'succeeded',
      source: 'loyverse',
      warnings: [
        { row: 3, column: 'Barcode', message: SOURCE_NOTES.scientificBarcode({ text: '3.65275E+11' }) },
        { row: 4, column: 'In stock [Chillo]', message: SOURCE_NOTES.negativeQuantity() },
        { row: 5, column: 'In stock [Pop-up]', message: SOURCE_NOTES.noSuchLocation({ name: 'Pop-up' }) },
      ],
    } as SheetJob;
    stubServer(() => undefined);
    await renderSignedIn(<MappingSummary job={job} />);
    i18n.addResourceBundle('ms', 'translations', ms);
    await i18n.changeLanguage('ms');
    const summary = await screen.findByRole('status', { name: 'Cara fail dibaca' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Baris 3, Barcode: "3.65275E+11" ialah kod bar yang ditukar oleh hamparan kepada tatatanda saintifik: digitnya hilang, jadi ia tidak diimport',
      'Baris 4, In stock [Chillo]: Kuantiti stok semasa yang negatif tidak diimport: kira stok itu',
      'Baris 5, In stock [Pop-up]: Tiada lokasi inventori bernama "Pop-up" dan peranan anda tidak boleh menambahnya: kuantiti stok semasanya tidak diimport',
    ]);
  });
});
