import { useEffect, useRef } from 'react';

/**
 * After a change of page (not on the first page the shell shows: there the skip link is the first
 * Tab stop), the focus goes to the new page's heading, so reading and tabbing start at the page
 * rather than in the menu that was clicked. A page that took the focus itself keeps it.
 */
export function useHeadingFocus(pathname: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const page = heading.current?.parentElement;
    const active = document.activeElement;
    if (active && active !== document.body && page?.contains(active)) return;
    heading.current?.focus();
  }, [pathname]);
  return heading;
}
