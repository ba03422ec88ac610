import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { useTypingPause } from '../ui/useTypingPause';

interface DebouncedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  value: string;
  onCommit(value: string): void;
  delay?: number;
}

/** A text input that reports its value once typing pauses (or at once on Enter); follows outside changes (back, reset). */
export function DebouncedInput({ value, onCommit, delay, onKeyDown, ...input }: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  // Whether the text is the user's since the last outside value: only that is reported. A pause
  // timer set before an outside change (a "Clear" pressed within the pause) must not report the
  // text the change replaced.
  const typed = useRef(false);
  useEffect(() => {
    committed.current = value;
    typed.current = false;
    setText(value);
  }, [value]);
  const commitNow = useTypingPause(
    text,
    (pending) => {
      if (!typed.current || pending === committed.current) return;
      committed.current = pending;
      onCommit(pending);
    },
    delay,
  );
  return (
    <input
      {...input}
      value={text}
      onChange={(event) => {
        typed.current = true;
        setText(event.target.value);
      }}
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
