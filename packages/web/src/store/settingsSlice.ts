import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_TAKE_PER_ROW } from '@backroom/schema';

/** The layout flags of the settings state. */
export const LAYOUT_FLAGS = [
  'isFixed',
  'isBoxed',
  'isCollapsed',
  'isCollapsedText',
  'isFloat',
  'asideHover',
  'asideScrollbar',
  'offsidebarOpen',
  'asideToggled',
  'showUserBlock',
  'horizontal',
  'isFullLayout',
  'hiddenFooter',
] as const;
export type LayoutFlag = (typeof LAYOUT_FLAGS)[number];

/** Flags that are never saved. */
export const UNSAVED_FLAGS = ['offsidebarOpen', 'asideToggled', 'horizontal'] as const satisfies readonly LayoutFlag[];

export type SettingsState = Record<LayoutFlag, boolean> & {
  pageName: string;
  fileManagerUrl: string;
  originalFileManager: string;
  paymentProviderUrl: string;
  defaultTakePerRow: number;
  webVersion: string;
  apiBuildNumber: string;
};

export const initialSettings: SettingsState = {
  isFixed: true,
  isBoxed: false,
  isCollapsed: false,
  isCollapsedText: false,
  isFloat: false,
  asideHover: false,
  asideScrollbar: false,
  offsidebarOpen: false,
  asideToggled: false,
  showUserBlock: false,
  horizontal: false,
  isFullLayout: false,
  hiddenFooter: false,
  pageName: '',
  fileManagerUrl: '',
  originalFileManager: '',
  paymentProviderUrl: '',
  defaultTakePerRow: DEFAULT_TAKE_PER_ROW,
  webVersion: `v${__APP_VERSION__}`,
  apiBuildNumber: '',
};

const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettings,
  reducers: {
    toggleSetting(state, action: PayloadAction<LayoutFlag>) {
      state[action.payload] = !state[action.payload];
    },
    setSetting(state, action: PayloadAction<{ name: LayoutFlag; value: boolean }>) {
      state[action.payload.name] = action.payload.value;
    },
    setPageName(state, action: PayloadAction<string>) {
      state.pageName = action.payload;
    },
    setFileManager(state, action: PayloadAction<{ fileManagerUrl: string; originalFileManager: string }>) {
      state.fileManagerUrl = action.payload.fileManagerUrl;
      state.originalFileManager = action.payload.originalFileManager;
    },
    setDefaultTakePerRow(state, action: PayloadAction<number>) {
      state.defaultTakePerRow = action.payload;
    },
    setPaymentProviderUrl(state, action: PayloadAction<string>) {
      state.paymentProviderUrl = action.payload;
    },
    setApiBuildNumber(state, action: PayloadAction<string>) {
      state.apiBuildNumber = action.payload;
    },
  },
});

export const {
  toggleSetting,
  setSetting,
  setPageName,
  setFileManager,
  setDefaultTakePerRow,
  setPaymentProviderUrl,
  setApiBuildNumber,
} = settingsSlice.actions;
export default settingsSlice.reducer;
