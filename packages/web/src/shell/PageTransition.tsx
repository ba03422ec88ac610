import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import { PAGE_TRANSITION_MS } from '@backroom/schema';

/** A picture of the page that is leaving: a copy of its content, shown while it fades out. */
interface Leaving {
  id: number;
  content: HTMLElement;
}

const LeavingContext = createContext<Leaving | null>(null);

/** Marks the element whose content fades on a change of page (the shell's `main`, a public page's card). */
export const PAGE_CONTENT = 'data-page-content';

/** Attributes a picture must not carry: nothing in it may be found, labelled or submitted as the live page's. */
const LIVE_ATTRIBUTES = ['id', 'for', 'name', 'form', 'aria-labelledby', 'aria-describedby', 'aria-controls'];

/** A copy of the page's content as it looks now, minus the copy of an earlier leaving page. */
function pictureOf(container: HTMLElement): HTMLElement {
  const copy = container.cloneNode(true) as HTMLElement;
  for (const earlier of copy.querySelectorAll(':scope > .page-fade-leaving')) earlier.remove();
  for (const element of copy.querySelectorAll('*')) for (const name of LIVE_ATTRIBUTES) element.removeAttribute(name);
  return copy;
}

/**
 * Page transitions (a 500 ms fade in and out), as a cross-fade: on a change of path the new page is rendered at once
 * and fades in over PAGE_TRANSITION_MS while a copy of the old one fades out above it — so a page
 * whose data is ready is fully shown PAGE_TRANSITION_MS after the click, not after two fades in a
 * row. The copy is inert (no events, hidden from assistive technology) and goes when its fade ends.
 */
export function PageTransition({ children }: { children(location: Location): ReactNode }) {
  const location = useLocation();
  const [shown, setShown] = useState(location);
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const count = useRef(0);

  // Runs after React committed `location` without showing it yet: the old page is still in the DOM.
  useLayoutEffect(() => {
    if (location === shown) return;
    if (location.pathname !== shown.pathname) {
      const current = document.querySelector<HTMLElement>(`[${PAGE_CONTENT}]`);
      if (current) setLeaving({ id: ++count.current, content: pictureOf(current) });
    }
    setShown(location);
  }, [location, shown]);

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => setLeaving((now) => (now === leaving ? null : now)), PAGE_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [leaving]);

  return <LeavingContext.Provider value={leaving}>{children(shown)}</LeavingContext.Provider>;
}

/**
 * Placed inside the page container: the new page's content fades in (its key restarts the fade on
 * every change of path), and the leaving page's copy fades out over it.
 */
export function PageFade({ pageKey, children }: { pageKey: string; children: ReactNode }) {
  const leaving = useContext(LeavingContext);
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = holder.current;
    if (!element || !leaving) return;
    element.replaceChildren(...[...leaving.content.childNodes].map((node) => node.cloneNode(true)));
    return () => element.replaceChildren();
  }, [leaving]);
  return (
    <>
      <div key={pageKey} className="page-fade">
        {children}
      </div>
      {leaving && <div ref={holder} className="page-fade-leaving" aria-hidden="true" inert />}
    </>
  );
}
