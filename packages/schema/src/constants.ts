/** Business constants (themes, time-outs, page sizes, limits) and the product identity. */
export const PRODUCT_NAME = 'Backroom';
/** The short name used in the page header and in the `{product}_SetupURL` setting key. */
export const PRODUCT_SHORT_NAME = 'Backroom';
export const COMPANY_NAME = 'Backroom Retail Systems';

/**
 * Where logout leads: the web root's path lower-cased, `/setup` removed. The console
 * goes there; the server answers it with a redirect to the console, so it is never a dead end.
 */
export const logoutPath = (basePath: string) => basePath.toLowerCase().replace('/setup', '');

export const THEMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
export type ThemeLetter = (typeof THEMES)[number];
export const themePath = (letter: ThemeLetter) => `themes/theme-${letter}.css`;
export const DEFAULT_THEME = themePath('e');

export const REQUEST_TIMEOUT_MS = 0;
export const SETTING_QUERY_TAKE = 9999;
export const MAX_TAKE = SETTING_QUERY_TAKE;
export const DEFAULT_TAKE_PER_ROW = 10;
export const PAGE_TRANSITION_MS = 500;
export const LAZY_TIMEOUT_MS = 120_000;
export const ALL_OPTION = { label: 'ALL', value: 'ALL' } as const;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
