import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import {
  ACCESS_REFUSALS,
  DOCUMENT_REFUSALS,
  FEATURE_LABELS,
  ITEMS_SEPARATOR,
  LOOKUP_REFUSALS,
  STOCK_REFUSALS,
  entities,
  menuGroups,
  screens,
  type NormalisedField,
} from '@backroom/schema';
import en from '../../public/locales/en/translations.json';
import ms from '../../public/locales/ms/translations.json';
import { enumLabel, fieldLabel } from '../fields/format';
import { translateMessage } from './serverMessages';
import type { ClientMenuGroup } from '../store/menuSlice';
import { expectEverySentenceSaid } from '../test/sentences';
import { malay } from './malay';
import { registryText, translatedMenu } from './registryText';

type Tree = { [key: string]: string | Tree };

/** Every leaf key of a translation file, `a.b.c`, with its text. */
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );

const placeholders = (text: string) => [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((m) => m[1]).sort();

/** Every label a form or list shows for an entity's fields (child tables' columns too), with where it is. */
const fieldLabels = (): { where: string; scope: string; field: NormalisedField }[] => {
  const out: { where: string; scope: string; field: NormalisedField }[] = [];
  const visit = (scope: string, fields: readonly NormalisedField[]) => {
    for (const field of fields) {
      out.push({ where: `${scope}.${field.name}`, scope, field });
      if (field.kind === 'children') visit(`${scope}.${field.name}`, field.fields);
    }
  };
  for (const entity of entities) visit(entity.name, [...entity.fields, ...entity.computed]);
  return out;
};

describe('translations', () => {
  it('has every English key in Malay, with the same placeholders', () => {
    const malayTexts = new Map(leaves(ms as Tree));
    const missing = leaves(en as Tree)
      .filter(([key]) => !malayTexts.has(key))
      .map(([key]) => key);
    expect(missing).toEqual([]);
    const differing = leaves(en as Tree)
      .filter(
        ([key, text]) => malayTexts.has(key) && placeholders(text).join() !== placeholders(malayTexts.get(key)!).join(),
      )
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('has Malay for every field label, field help, enum value, screen, menu group, entity and form section of the registry', async () => {
    const t = await malay();
    const i18nEnglish = ((key: string, options?: { defaultValue?: string }) =>
      options?.defaultValue ?? key) as unknown as TFunction;
    const untranslated = [
      ...fieldLabels()
        .filter(({ scope, field }) => fieldLabel(t, scope, field) === field.label && !isSameWord(t, field.label))
        .map(({ where, field }) => `field ${where}: ${field.label}`),
      ...fieldLabels()
        .filter(({ field }) => field.help && registryText(t, field.help) === field.help)
        .map(({ where, field }) => `help of ${where}: ${field.help}`),
      ...fieldLabels()
        .flatMap(({ where, field }) =>
          field.kind === 'enum'
            ? field.values.map((value) => ({ where, field, value, english: enumLabel(i18nEnglish, field, value) }))
            : [],
        )
        .filter(({ field, value, english }) => enumLabel(t, field, value) === english && !isSameWord(t, english))
        .map(({ where, english }) => `value of ${where}: ${english}`),
      ...screens
        .filter((s) => registryText(t, s.label) === s.label && !isSameWord(t, s.label))
        .map((s) => `screen ${s.name}: ${s.label}`),
      ...menuGroups
        .filter((g) => registryText(t, g.label) === g.label && !isSameWord(t, g.label))
        .map((g) => `menu group ${g.key}: ${g.label}`),
      ...entities
        .filter((e) => registryText(t, e.label) === e.label && !isSameWord(t, e.label))
        .map((e) => `entity ${e.name}: ${e.label}`),
      ...entities.flatMap((e) =>
        (e.sections ?? [])
          .filter((s) => !t(`sections.${s.name}`, { defaultValue: '' }))
          .map((s) => `section ${e.name}.${s.name}`),
      ),
    ];
    expect([...new Set(untranslated)]).toEqual([]);
  });

  it('reads labels with dots, and translates the menu the server sends by its names', async () => {
    const t = await malay();
    expect(registryText(t, 'Doc no.')).toBe('No. dokumen');
    expect(registryText(t, 'A name nobody wrote')).toBe('A name nobody wrote');
    const menu: ClientMenuGroup[] = [
      {
        id: 1,
        name: 'Administration',
        icon: 'shield-lock',
        ableToView: true,
        items: [
          {
            id: 2,
            name: 'Users',
            path: '/user',
            ableToView: true,
            ableToEdit: true,
            ableToDelete: true,
            ableToSetTable: false,
            exportProcedure: null,
          },
          {
            id: 3,
            name: 'Our own screen',
            path: '/lockeduser',
            ableToView: true,
            ableToEdit: true,
            ableToDelete: true,
            ableToSetTable: false,
            exportProcedure: null,
          },
        ],
      },
    ];
    const [group] = translatedMenu(t, menu);
    expect(group!.name).toBe('Pentadbiran');
    // A name changed on the server has no translation: it shows as written.
    expect(group!.items.map((i) => i.name)).toEqual(['Pengguna', 'Our own screen']);
  });

  it('translates the shared schemas’ messages, colons and all', async () => {
    const t = await malay();
    expect(translateMessage(t, 'A link starts with http://, https:// or /')).toBe(
      'Pautan bermula dengan http://, https:// atau /',
    );
    expect(translateMessage(t, 'Enter a whole number from 1 to 9999')).toBe('Masukkan nombor bulat dari 1 hingga 9999');
    expect(translateMessage(t, 'A message nobody wrote: as it is')).toBe('A message nobody wrote: as it is');
  });

  it('says every refusal of a screen’s action in Malay, the screen and the module in Malay too', async () => {
    const t = await malay();
    expectEverySentenceSaid((message) => translateMessage(t, message), ACCESS_REFUSALS);
    expect(translateMessage(t, ACCESS_REFUSALS.view({ screen: 'Locked users' }))).toBe(
      'Anda tiada kebenaran untuk melihat Pengguna dikunci',
    );
    expect(translateMessage(t, ACCESS_REFUSALS.serverOnly({ what: 'stock movements' }))).toBe(
      'Hanya pelayan yang menulis pergerakan stok',
    );
    for (const module of Object.values(FEATURE_LABELS))
      expect(translateMessage(t, ACCESS_REFUSALS.moduleOff({ module })), module).not.toContain(module);
  });

  it('says every refusal of stock and of what a line names in Malay, its figures, codes and names kept', async () => {
    const t = await malay();
    expectEverySentenceSaid((message) => translateMessage(t, message), STOCK_REFUSALS);
    expectEverySentenceSaid((message) => translateMessage(t, message), LOOKUP_REFUSALS);
    const items = ['KOPI', 'TEH']
      .map((product) => STOCK_REFUSALS.shortageOf({ product, onHand: '1.000', wanted: '2.500' }))
      .join(ITEMS_SEPARATOR);
    expect(translateMessage(t, STOCK_REFUSALS.shortage({ items }))).toBe(
      'Stok tidak mencukupi: KOPI (1.000 dalam tangan, 2.500 diperlukan); TEH (1.000 dalam tangan, 2.500 diperlukan)',
    );
    expect(translateMessage(t, STOCK_REFUSALS.belowZero({ onHand: '0.500', product: 'KOPI' }))).toBe(
      'Hanya 0.500 KOPI dalam tangan: stok tidak boleh jatuh bawah sifar di sini',
    );
  });
  it('says every refusal of a document or its lines in Malay, its states and action in Malay too', async () => {
    const t = await malay();
    expectEverySentenceSaid((message) => translateMessage(t, message), DOCUMENT_REFUSALS);
    const refused = DOCUMENT_REFUSALS.purchaseOrderState({
      document: 'PO-7',
      status: 'partially received',
      done: 'cancelled',
      states: 'draft or sent',
    });
    expect(translateMessage(t, refused)).toBe(
      'Pesanan belian PO-7 berstatus diterima sebahagian: ia tidak boleh dibatalkan (hanya apabila berstatus draf atau dihantar)',
    );
    expect(translateMessage(t, DOCUMENT_REFUSALS.codeOfRule({ code: 'RAYA' }))).toBe(
      'Kod "RAYA" sudah digunakan oleh peraturan promosi',
    );
    expect(translateMessage(t, ACCESS_REFUSALS.outletPrices({ outlet: 3 }))).toBe(
      'Anda tidak boleh menetapkan harga outlet 3',
    );
  });
});

/** A word that is the same in both languages ("Status", "SKU") is written in the Malay file all the same. */
const isSameWord = (t: TFunction, english: string) =>
  t(`registry|${english}`, { keySeparator: '|', nsSeparator: false, defaultValue: '' }) === english;
