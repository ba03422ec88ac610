import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';

interface DebouncedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  value: string;
  onCommit(value: string): void;
  delay?: number;
}

/** A text input that reports its value once typing pauses (or at once on Enter); follows outside changes (back, reset). */
export function DebouncedInput({ value, onCommit, delay = 400, onKeyDown, ...input }: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  useEffect(() => {
    committed.current = value;
    setText(value);
  }, [value]);
  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      onCommit(text);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, delay, onCommit]);
  return (
    <input
      {...input}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          committed.current = text;
          onCommit(text);
        }
        onKeyDown?.(event);
      }}
    />
  );
}
