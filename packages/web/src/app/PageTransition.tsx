import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import { PAGE_TRANSITION_MS } from '@backroom/schema';

export type TransitionStage = 'enter' | 'exit';

const StageContext = createContext<TransitionStage>('enter');

/** The class a page container carries: it fades out while the old page leaves, and back in. */
export const usePageStageClass = () => `page-fade ${useContext(StageContext) === 'exit' ? 'page-fade-exit' : ''}`.trim();

/**
 * SPEC §4 page transitions: on a change of path the current page fades out for
 * PAGE_TRANSITION_MS, then the new one is rendered and fades in for as long.
 */
export function PageTransition({ children }: { children(location: Location): ReactNode }) {
  const location = useLocation();
  const [shown, setShown] = useState(location);
  const [stage, setStage] = useState<TransitionStage>('enter');

  useEffect(() => {
    if (location.pathname === shown.pathname) {
      if (location !== shown) setShown(location);
      return;
    }
    setStage('exit');
    const timer = setTimeout(() => {
      setShown(location);
      setStage('enter');
    }, PAGE_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [location, shown]);

  return <StageContext.Provider value={stage}>{children(shown)}</StageContext.Provider>;
}
