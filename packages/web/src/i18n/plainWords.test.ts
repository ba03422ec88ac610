import { describe, expect, it } from 'vitest';
import { createInstance, type TFunction } from 'i18next';
import { entities, screens, type NormalisedField } from '@backroom/schema';
import en from '../../public/locales/en/translations.json';
import ms from '../../public/locales/ms/translations.json';
import { enumLabel, fieldLabel } from '../fields/format';
import { registryText } from './registryText';

/**
 * Every text a person reads is in plain words, in both languages: no enum key (`variantParent`),
 * no field path (`keys.0.label`), no internal entity name (`newpromotion`) — walked over the
 * translation files and over every label and value the registry gives the screens.
 */

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );

/** Text with its {{placeholders}} and the Malay file's registry keys (English text) left out. */
const shown = (text: string) => text.replace(/{{[^}]*}}/g, ' ').replace(/\$t\([^)]*\)/g, ' ');

/** Every field (child tables' columns too) with the scope its label is looked up in. */
const allFields = (): { scope: string; field: NormalisedField }[] => {
  const out: { scope: string; field: NormalisedField }[] = [];
  const visit = (scope: string, fields: readonly NormalisedField[]) => {
    for (const field of fields) {
      out.push({ scope, field });
      if (field.kind === 'children') visit(`${scope}.${field.name}`, field.fields);
    }
  };
  for (const entity of entities) visit(entity.name, [...entity.fields, ...entity.computed]);
  return out;
};

const CAMEL = /\b[a-z]+[A-Z][A-Za-z]*\b/;
const PATH = /\b[a-z]+\.\d+\.[a-z]/i;
/** Entity names that are no word of any registry label (`newpromotion`, `printdeliveryorder`; not `category`). */
const words = new Set(
  [...entities.map((e) => e.label), ...screens.map((s) => s.label), ...allFields().map(({ field }) => field.label)]
    .flatMap((label) => label.toLowerCase().split(/[^a-z]+/))
    .flatMap((word) => [word, word.replace(/ies$/, 'y'), word.replace(/s$/, '')]),
);
const internalNames = entities.map((e) => e.name).filter((name) => !words.has(name));
const INTERNAL = new RegExp(`\\b(${internalNames.join('|')})\\b`, 'i');

const offending = (text: string) => {
  const plain = shown(text);
  return CAMEL.test(plain) || PATH.test(plain) || INTERNAL.test(plain);
};

async function translator(lng: 'en' | 'ms'): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng,
    fallbackLng: false,
    ns: ['translations'],
    defaultNS: 'translations',
    resources: { [lng]: { translations: lng === 'en' ? en : ms } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('plain words', () => {
  it('the translation files hold no enum key, field path or internal entity name, in either language', () => {
    for (const file of [en, ms] as Tree[]) {
      const bad = leaves(file)
        .filter(([key, text]) => !key.startsWith('registry|') && offending(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(bad).toEqual([]);
    }
    expect(INTERNAL.test('admin added newpromotion 7')).toBe(true);
  });

  it.each(['en', 'ms'] as const)('every registry label and enum value reads as words (%s)', async (lng) => {
    const t = await translator(lng);
    const texts = [
      ...entities.map((e) => registryText(t, e.label)),
      ...screens.map((s) => registryText(t, s.label)),
      ...allFields().flatMap(({ scope, field }) => [
        fieldLabel(t, scope, field),
        ...(field.kind === 'enum' ? field.values.map((value) => enumLabel(t, field, value)) : []),
      ]),
    ];
    expect(texts.filter(offending)).toEqual([]);
    expect(
      enumLabel(
        t,
        allFields().find(
          ({ field }) => field.name === 'kind' && field.kind === 'enum' && field.values.includes('buyXGetY'),
        )!.field,
        'buyXGetY',
      ),
    ).toBe(lng === 'en' ? 'Buy X get Y' : 'Beli X dapat Y');
  });
});
