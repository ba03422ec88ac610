import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';

/** How long typing must pause before a filter or search applies what was typed. */
export const TYPING_PAUSE_MS = 400;

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

interface DebouncedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  value: string;
  onCommit(value: string): void;
  delay?: number;
}

/** A text input that reports its value once typing pauses (or at once on Enter); follows outside changes (back, reset). */
export function DebouncedInput({ value, onCommit, delay, onKeyDown, ...input }: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  useEffect(() => {
    committed.current = value;
    setText(value);
  }, [value]);
  const commitNow = useTypingPause(
    text,
    (typed) => {
      if (typed === committed.current) return;
      committed.current = typed;
      onCommit(typed);
    },
    delay,
  );
  return (
    <input
      {...input}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commitNow();
        }
        onKeyDown?.(event);
      }}
    />
  );
}
