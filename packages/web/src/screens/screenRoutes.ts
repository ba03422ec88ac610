import { findEntity, isListValuePath, screens, type NormalisedEntity, type ScreenDef } from '@backroom/schema';
import type { ClientMenuGroup, ClientMenuItem } from '../store/menuSlice';
import { visibleMenu } from '../store/menuSlice';

export type ScreenMode = 'list' | 'edit' | 'add';

export interface ScreenRoute {
  /** Router path, e.g. `/product/edit/:id`. */
  path: string;
  item: ClientMenuItem;
  mode: ScreenMode;
  /** `listvalue` for every list-value path, else the registry's screen name (the path for an unknown screen). */
  screen: string;
}

/** The registry's screen for a menu path (`/product` → product). */
export const screenOf = (path: string): ScreenDef | undefined => {
  const route = path.replace(/^\//, '').toLowerCase();
  return screens.find((s) => s.route.toLowerCase() === route);
};

/** The screen that serves a menu path: all list-value paths share one screen. */
export const screenFor = (path: string) =>
  isListValuePath(path) ? 'listvalue' : (screenOf(path)?.name ?? path.replace(/^\//, ''));

/** An entity has a form when its screen is of kind entity and the generic API may write it. */
export const hasForm = (entity: NormalisedEntity) => entity.kind === 'entity' && !entity.readOnly;

/**
 * Whether a menu path gets the edit and add routes, asked of the registry: entity screens with a
 * form and the list-value screen do; list screens, single screens and importers have one page.
 */
export function hasFormPair(path: string): boolean {
  if (isListValuePath(path)) return true;
  const screen = screenOf(path);
  const entity = screen?.kind === 'entity' ? findEntity(screen.name) : undefined;
  return entity !== undefined && hasForm(entity);
}

/** The routes of every visible sub-menu item — its list, and edit and add where it has a form. */
export function screenRoutes(listMenu: readonly ClientMenuGroup[]): ScreenRoute[] {
  return visibleMenu(listMenu).flatMap((group) =>
    group.items.flatMap((item) => {
      const screen = screenFor(item.path);
      const list: ScreenRoute = { path: item.path, item, mode: 'list', screen };
      if (!hasFormPair(item.path)) return [list];
      // The edit route also shows a record read-only; a user who may not edit gets no add route.
      const edit: ScreenRoute = { path: `${item.path}/edit/:id`, item, mode: 'edit', screen };
      return item.ableToEdit ? [list, edit, { path: `${item.path}/add`, item, mode: 'add', screen }] : [list, edit];
    }),
  );
}
