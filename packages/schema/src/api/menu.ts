import { z } from 'zod';

/** The menu, top menu and version shapes as the server sends them. */
export const menuItemDto = z.object({
  appMenuID: z.number().int(),
  menuText: z.string(),
  /** No leading slash, e.g. `product` or `listvalue/brand`. */
  route: z.string(),
  ableToView: z.boolean(),
  ableToEdit: z.boolean(),
  ableToDelete: z.boolean(),
  ableToSetTable: z.boolean(),
  exportProcedure: z.string().nullable(),
  /** Optional coloured label shown beside the item in the sidebar. */
  label: z.object({ value: z.string(), color: z.string() }).nullable().optional(),
});
export type MenuItemDto = z.infer<typeof menuItemDto>;

export const menuGroupDto = z.object({
  appMenuID: z.number().int(),
  menuText: z.string(),
  icon: z.string(),
  ableToView: z.boolean(),
  items: z.array(menuItemDto),
});
export type MenuGroupDto = z.infer<typeof menuGroupDto>;

export const topMenuEntry = z.object({ route: z.string(), menuText: z.string() });
export type TopMenuEntry = z.infer<typeof topMenuEntry>;

export const versionInfo = z.object({ apiVersion: z.string(), buildNumber: z.string() });
export type VersionInfo = z.infer<typeof versionInfo>;

/** One choice of `GET /api/AppModule/GetDropDown/{entity}`: the row's label and its id. */
export const dropdownItem = z.object({ text: z.string(), value: z.number().int() });
export type DropdownItemDto = z.infer<typeof dropdownItem>;

/** What `GetDropDown/{entity}?all=true` puts before the rows. */
export const ALL_DROPDOWN_ITEM = { text: 'ALL', value: 'ALL' } as const;

/** `GET /api/AppModule/GetMenu/{id}` ids. */
export const MENU_ID = { setup: 1 } as const;
