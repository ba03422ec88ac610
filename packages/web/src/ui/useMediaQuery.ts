import { useCallback, useSyncExternalStore } from 'react';

/** Below this width the aside is off-canvas (main.scss: 767.98px). */
export const NARROW = '(max-width: 767.98px)';
/** Below this width a list is one line per row and a form's child table a card per row (main.scss: 575.98px). */
export const PHONE = '(max-width: 575.98px)';

/** Whether the media query matches now (false where the browser has no matchMedia, as in jsdom). */
export const matchesMedia = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

/** Whether the media query matches, kept in step as the window is resized or turned. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matchesMedia(query),
    () => false,
  );
}
