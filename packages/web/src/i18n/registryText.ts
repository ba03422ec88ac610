import type { TFunction } from 'i18next';
import type { ClientMenuGroup } from '../store/menuSlice';

/**
 * English text of the registry — a field's label, a screen's or a menu group's name — in the current
 * language. The Malay file holds these in its `registry` block keyed by the English text itself, so a
 * label reworded in the registry shows in English until its translation is written (and the i18n test
 * fails meanwhile); English needs no entries. `|` separates the key's parts: labels hold dots ("Doc no.").
 */
export const registryText = (t: TFunction, english: string): string =>
  english === '' ? english : t(`registry|${english}`, { keySeparator: '|', nsSeparator: false, defaultValue: english });

/**
 * The menu with its group and item names in the current language. The names come from the server
 * (seeded from the registry); one renamed there has no translation and shows as it was written.
 */
export const translatedMenu = (t: TFunction, groups: readonly ClientMenuGroup[]): ClientMenuGroup[] =>
  groups.map((group) => ({
    ...group,
    name: registryText(t, group.name),
    items: group.items.map((item) => ({ ...item, name: registryText(t, item.name) })),
  }));
