import { useEffect, useRef } from 'react';

/** How long typing must pause before a filter, a search or a date that asks for something applies what was typed. */
const TYPING_PAUSE_MS = 400;

/**
 * Calls `settle` with `pending` once it has stayed the same for `delay` ms (typing paused); the
 * function answered settles it at once (Enter, leaving the box).
 */
export function useTypingPause<T>(pending: T, settle: (value: T) => void, delay = TYPING_PAUSE_MS): () => void {
  const latest = useRef({ pending, settle });
  latest.current = { pending, settle };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    timer.current = setTimeout(() => latest.current.settle(pending), delay);
    return () => clearTimeout(timer.current);
  }, [pending, delay]);
  return () => {
    clearTimeout(timer.current);
    latest.current.settle(latest.current.pending);
  };
}
