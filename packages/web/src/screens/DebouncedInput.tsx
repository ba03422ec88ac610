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
  const pause = useTypingPause(
    text,
    (typed) => {
      if (typed === committed.current) return;
      committed.current = typed;
      onCommit(typed);
    },
    delay,
  );
  useEffect(() => {
    pause.cancel();
    committed.current = value;
    setText(value);
  }, [value, pause]);
  return (
    <input
      {...input}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          pause.now();
        }
        onKeyDown?.(event);
      }}
    />
  );
}
