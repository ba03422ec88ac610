import { useState } from 'react';

/** How tall list rows are: compact (the default, more rows on screen) or comfortable. */
export type Density = 'compact' | 'comfortable';

const KEY = 'backroom:density';

/** The user's row density, kept in this browser for every list. */
export function useDensity(): [Density, (density: Density) => void] {
  const [density, setDensity] = useState<Density>(() =>
    localStorage.getItem(KEY) === 'comfortable' ? 'comfortable' : 'compact',
  );
  return [
    density,
    (next) => {
      localStorage.setItem(KEY, next);
      setDensity(next);
    },
  ];
}
