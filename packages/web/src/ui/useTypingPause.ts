import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before a filter, a search or a date that asks for something applies what was typed. */
const TYPING_PAUSE_MS = 400;

/**
 * Calls `settle` with `pending` once it has stayed the same for `delay` ms (typing paused). `now`
 * settles it at once (Enter, leaving the box); `cancel` drops what is pending — an input calls it
 * when a value arrives from outside (cleared with the other filters, read from the address), so a
 * pause timer set before cannot fire before the next render and apply the text that was replaced.
 */
export function useTypingPause<T>(
  pending: T,
  settle: (value: T) => void,
  delay = TYPING_PAUSE_MS,
): { now: () => void; cancel: () => void } {
  const latest = useRef({ pending, settle });
  latest.current = { pending, settle };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    timer.current = setTimeout(() => latest.current.settle(pending), delay);
    return () => clearTimeout(timer.current);
  }, [pending, delay]);
  // The same two functions every render (they read refs only), so an effect may depend on them.
  const [controls] = useState(() => ({
    now: () => {
      clearTimeout(timer.current);
      latest.current.settle(latest.current.pending);
    },
    cancel: () => clearTimeout(timer.current),
  }));
  return controls;
}
