import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_THEME } from '@backroom/schema';

export interface ThemeState {
  /** Stylesheet path relative to the base, e.g. `themes/theme-e.css`. */
  path: string;
}

export const initialTheme: ThemeState = { path: DEFAULT_THEME };

const themeSlice = createSlice({
  name: 'theme',
  initialState: initialTheme,
  reducers: {
    setTheme(state, action: PayloadAction<string>) {
      state.path = action.payload;
    },
  },
});

export const { setTheme } = themeSlice.actions;
export default themeSlice.reducer;
