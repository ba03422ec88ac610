import { describe, expect, it } from 'vitest';
import { CELL_PROBLEMS, IMAGE_FAILURES, IMAGE_FILE_PROBLEMS, MAPPING_REFUSALS, SOURCE_NOTES } from '@backroom/schema';
import { malay } from '../i18n/malay';
import { expectEverySentenceSaid } from '../test/sentences';
import { sheetMessage } from './sheetMessages';

describe('import messages in Malay', () => {
  it('says the common row problems again with their values, and leaves English and unknown ones as sent', async () => {
    const t = await malay();
    const notFound = 'Category: "NOPE" is not the code or name of any of the categories';
    expect(sheetMessage(t, 'en', notFound)).toBe(notFound);
    expect(sheetMessage(t, 'ms', notFound)).toBe('Kategori: "NOPE" bukan kod atau nama mana-mana kategori');
    expect(
      sheetMessage(
        t,
        'ms',
        'Launch date is a date that reads two ways: "01/02/2026" is 2026-02-01 day first, 2026-01-02 month first; write it year first, such as 2026-09-28',
      ),
    ).toBe(
      'Launch date ialah tarikh yang boleh dibaca dua cara: "01/02/2026" ialah 2026-02-01 jika hari dahulu, 2026-01-02 jika bulan dahulu; tulis tahun dahulu, seperti 2026-09-28',
    );
    expect(sheetMessage(t, 'ms', 'Something new')).toBe('Something new');
  });

  it('says the images job, the all-or-nothing commit and the source mapping messages in Malay', async () => {
    const t = await malay();
    expect(sheetMessage(t, 'ms', 'Not fetched: the images job ran out of time')).toBe(
      'Tidak diambil: masa tugas imej telah tamat',
    );
    expect(
      sheetMessage(t, 'ms', 'Your daily upload quota of 200 MB is used up; uploads open again tomorrow (UTC)'),
    ).toBe('Kuota muat naik harian anda sebanyak 200 MB telah habis; muat naik dibuka semula esok (UTC)');
    expect(
      sheetMessage(
        t,
        'ms',
        'The import stopped on an unexpected error (logged on the server with job 12); nothing of it is written',
      ),
    ).toBe(
      'Import terhenti kerana ralat yang tidak dijangka (dicatat di pelayan dengan tugas 12); tiada apa-apa daripadanya ditulis',
    );
    expect(
      sheetMessage(
        t,
        'ms',
        'The column "Material": a known source\'s export has no bundle rows; send the column into a field or ignore it',
      ),
    ).toContain('"Material"');
  });

  it('says every sentence of the shared catalogues in Malay, its values kept', async () => {
    const t = await malay();
    const say = (message: string) => sheetMessage(t, 'ms', message);
    expectEverySentenceSaid(say, IMAGE_FAILURES);
    expectEverySentenceSaid(say, IMAGE_FILE_PROBLEMS);
    expectEverySentenceSaid(say, SOURCE_NOTES);
    // A cell's problem comes after its column's header.
    expectEverySentenceSaid(say, CELL_PROBLEMS, '«column» ');
    expectEverySentenceSaid(say, MAPPING_REFUSALS);
    // A product not saved keeps the write's own message, even one of another shape.
    expect(sheetMessage(t, 'ms', IMAGE_FAILURES.notSaved({ reason: 'Name is required' }))).toBe(
      'Produk tidak dapat disimpan: Name is required',
    );
  });

  it('says a cell’s two-digit year, a choice refused by its labels, a source’s note and a column sent into no field in Malay', async () => {
    const t = await malay();
    expect(sheetMessage(t, 'ms', `Launch date ${CELL_PROBLEMS.twoDigitYear({ text: '31.12.26' })}`)).toBe(
      'Launch date mesti tarikh dengan tahun empat digit: dibaca "31.12.26"; tulis tahun dahulu, seperti 2026-09-28',
    );
    expect(sheetMessage(t, 'ms', `Type ${CELL_PROBLEMS.oneOf({ values: 'Standard, Variant parent, Service' })}`)).toBe(
      'Jenis mesti salah satu daripada Standard, Induk varian, Perkhidmatan',
    );
    expect(sheetMessage(t, 'ms', SOURCE_NOTES.negativeQuantity())).toBe(
      'Kuantiti stok semasa yang negatif tidak diimport: kira stok itu',
    );
    expect(sheetMessage(t, 'ms', SOURCE_NOTES.noSuchLocation({ name: 'Pop-up' }))).toBe(
      'Tiada lokasi inventori bernama "Pop-up" dan peranan anda tidak boleh menambahnya: kuantiti stok semasanya tidak diimport',
    );
    expect(
      sheetMessage(t, 'ms', MAPPING_REFUSALS.noSuchField({ column: 'Fabric', field: 'fabric', what: 'products' })),
    ).toBe('Lajur "Fabric" dihantar ke "fabric", yang bukan medan produk: pilih medan lain atau abaikan lajur itu');
  });
});
