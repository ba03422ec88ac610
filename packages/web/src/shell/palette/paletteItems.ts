import type { PaletteHit } from '@backroom/schema';
import { hasFormPair, screenFor, screenOf } from '../../screens/screenRoutes';
import { visibleMenu, type ClientMenuGroup, type ClientMenuItem } from '../../store/menuSlice';

/** One choice of the palette: a screen, or a record opened on its screen's edit route. */
export interface PaletteItem {
  key: string;
  title: string;
  /** What it is: the screen's group, or the record's kind. */
  kind: string;
  icon: string;
  path: string;
  /** The menu item whose page privilege the opened page runs under. */
  item: ClientMenuItem;
}

/** The most screens the palette offers at once. */
export const SCREEN_LIMIT = 8;

const iconOf = (group: ClientMenuGroup, item: ClientMenuItem) => screenOf(item.path)?.icon ?? group.icon;

/**
 * Screens the user may view whose name — or another name of them (the record's word in the UI
 * language: "produk") — contains the text, case-insensitively, in menu order.
 */
export function screenItems(
  listMenu: readonly ClientMenuGroup[],
  text: string,
  otherName: (item: ClientMenuItem) => string,
): PaletteItem[] {
  const term = text.trim().toLocaleLowerCase();
  if (!term) return [];
  return visibleMenu(listMenu)
    .flatMap((group) => group.items.map((item) => ({ group, item })))
    .filter(({ item }) => [item.name, otherName(item)].some((name) => name.toLocaleLowerCase().includes(term)))
    .slice(0, SCREEN_LIMIT)
    .map(({ group, item }) => ({
      key: `screen:${item.path}`,
      title: item.name,
      kind: group.name,
      icon: iconOf(group, item),
      path: item.path,
      item,
    }));
}

/** Records found by the server, each on the edit route of a screen of its entity the user may view; others are left out. */
export function recordItems(
  listMenu: readonly ClientMenuGroup[],
  hits: readonly PaletteHit[],
  kindOf: (entity: string) => string,
): PaletteItem[] {
  const items = visibleMenu(listMenu).flatMap((group) => group.items.map((item) => ({ group, item })));
  return hits.flatMap((hit) => {
    const screen = items.find(({ item }) => screenFor(item.path) === hit.entity && hasFormPair(item.path));
    if (!screen) return [];
    const { group, item } = screen;
    return [
      {
        key: `${hit.entity}:${hit.id}`,
        title: hit.title,
        kind: kindOf(hit.entity),
        icon: iconOf(group, item),
        path: `${item.path}/edit/${hit.id}`,
        item,
      },
    ];
  });
}
