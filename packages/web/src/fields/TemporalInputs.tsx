import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { useValueFormat } from '../data/useValueFormat';
import { dateText, datePlaceholder, parseDateText } from './format';

interface DateInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  /** The date as the API carries it, "yyyy-mm-dd" (or text a person typed that is not a date yet). */
  value: string;
  /** "yyyy-mm-dd" once the text is a whole date, "" when cleared, else the text as typed (validation names it). */
  onChange(value: string): void;
}

/**
 * A date typed and shown in the company's convention (en-MY: 28/09/2026), the same one list cells
 * use — never the browser's (a native date input shows mm/dd/yyyy in an American browser).
 */
export function DateInput({ value, onChange, onBlur, ...input }: DateInputProps) {
  const { locale } = useValueFormat();
  const [text, setText] = useState(() => dateText(value, locale));
  const reported = useRef(value);
  const shownIn = useRef(locale);
  useEffect(() => {
    // An outside change (reset, a loaded row) or the company's convention arriving rewrites the text.
    if (value === reported.current && locale === shownIn.current) return;
    reported.current = value;
    shownIn.current = locale;
    setText(dateText(value, locale));
  }, [value, locale]);
  return (
    <input
      {...input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={datePlaceholder(locale)}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const iso = next.trim() === '' ? '' : (parseDateText(next, locale) ?? next);
        reported.current = iso;
        if (iso !== value) onChange(iso);
      }}
      onBlur={(event) => {
        const iso = parseDateText(text, locale);
        if (iso) setText(dateText(iso, locale));
        onBlur?.(event);
      }}
    />
  );
}
