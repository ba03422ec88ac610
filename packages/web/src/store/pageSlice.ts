import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClientMenuItem } from './menuSlice';
import { signOut } from './userSlice';

export interface PageState {
  /** The menu item last opened: its permission flags govern the current screen. */
  pagePrivilege: ClientMenuItem | null;
}

export const initialPage: PageState = { pagePrivilege: null };

const pageSlice = createSlice({
  name: 'page',
  initialState: initialPage,
  reducers: {
    setPagePrivilege(state, action: PayloadAction<ClientMenuItem | null>) {
      state.pagePrivilege = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signOut, () => initialPage);
  },
});

export const { setPagePrivilege } = pageSlice.actions;
export default pageSlice.reducer;
