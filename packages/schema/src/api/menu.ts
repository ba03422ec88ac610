import { z } from 'zod';

/** The menu, top menu and version shapes as the server sends them. */
export interface MenuItemDto {
  appMenuID: number;
  menuText: string;
  /** No leading slash, e.g. `product` or `listvalue/brand`. */
  route: string;
  ableToView: boolean;
  ableToEdit: boolean;
  ableToDelete: boolean;
  ableToSetTable: boolean;
  exportProcedure: string | null;
  /** Optional coloured label shown beside the item in the sidebar. */
  label?: { value: string; color: string } | null;
}

export interface MenuGroupDto {
  appMenuID: number;
  menuText: string;
  icon: string;
  ableToView: boolean;
  items: MenuItemDto[];
}

export interface TopMenuEntry {
  route: string;
  menuText: string;
}

export const versionInfo = z.object({ apiVersion: z.string(), buildNumber: z.string() });
export type VersionInfo = z.infer<typeof versionInfo>;

/** One choice of `GET /api/AppModule/GetDropDown/{entity}`: the row's label and its id. */
export const dropdownItem = z.object({ text: z.string(), value: z.number().int() });
export type DropdownItemDto = z.infer<typeof dropdownItem>;

/** What `GetDropDown/{entity}?all=true` puts before the rows. */
export const ALL_DROPDOWN_ITEM = { text: 'ALL', value: 'ALL' } as const;

/** `GET /api/AppModule/GetMenu/{id}` ids. */
export const MENU_ID = { setup: 1 } as const;
