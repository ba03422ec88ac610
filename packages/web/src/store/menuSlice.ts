import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MenuGroupDto, MenuItemDto } from '@backroom/schema';
import { signOut } from './userSlice';

/** A menu item as the console keeps it. */
export interface ClientMenuItem {
  id: number;
  name: string;
  /** Slash plus the server route: `/product`, `/listvalue/brand`. */
  path: string;
  ableToView: boolean;
  ableToEdit: boolean;
  ableToDelete: boolean;
  ableToSetTable: boolean;
  exportProcedure: string | null;
  label?: { value: string; color: string };
}

export interface ClientMenuGroup {
  id: number;
  name: string;
  icon: string;
  ableToView: boolean;
  items: ClientMenuItem[];
}

export interface MenuState {
  listMenu: ClientMenuGroup[];
}

export const initialMenu: MenuState = { listMenu: [] };

export const toClientItem = (item: MenuItemDto): ClientMenuItem => ({
  id: item.appMenuID,
  name: item.menuText,
  path: `/${item.route}`,
  ableToView: item.ableToView,
  ableToEdit: item.ableToEdit,
  ableToDelete: item.ableToDelete,
  ableToSetTable: item.ableToSetTable,
  exportProcedure: item.exportProcedure,
  ...(item.label ? { label: { value: item.label.value, color: item.label.color } } : {}),
});

export const toClientGroup = (group: MenuGroupDto): ClientMenuGroup => ({
  id: group.appMenuID,
  name: group.menuText,
  icon: group.icon,
  ableToView: group.ableToView,
  items: group.items.map(toClientItem),
});

/** A group shows only if it may be viewed and has at least one item; an item only if it may be viewed. */
export function visibleMenu(groups: readonly ClientMenuGroup[]): ClientMenuGroup[] {
  return groups
    .filter((group) => group.ableToView && group.items.length > 0)
    .map((group) => ({ ...group, items: group.items.filter((item) => item.ableToView) }))
    .filter((group) => group.items.length > 0);
}

const menuSlice = createSlice({
  name: 'menu',
  initialState: initialMenu,
  reducers: {
    setListMenu(state, action: PayloadAction<ClientMenuGroup[]>) {
      state.listMenu = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signOut, () => initialMenu);
  },
});

export const { setListMenu } = menuSlice.actions;
export default menuSlice.reducer;
