import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { useValueFormat } from '../data/useValueFormat';
import {
  clockPlaceholder,
  clockText,
  dateText,
  datePlaceholder,
  dateTimeInputText,
  dateTimePlaceholder,
  parseClockText,
  parseDateText,
  parseDateTimeText,
} from './format';

interface TemporalInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  /** The value as the API carries it (or text a person typed that is not one yet). */
  value: string;
  /**
   * The value once the text is a whole one, "" when cleared, else the text as typed (validation names
   * it); `valid` says which (a whole value or "").
   */
  onChange(value: string, valid: boolean): void;
}

/** How one kind of value is written in a convention: shown, read back from what a person typed, and its pattern. */
interface Convention {
  text(value: string, locale: string): string;
  parse(text: string, locale: string): string | null;
  placeholder(locale: string): string;
}

/**
 * A text input typed and shown in the company's convention (the one list cells use), never the
 * browser's: a native date, date-time or time input shows mm/dd/yyyy and its own clock in an American browser.
 */
function ConventionInput({
  convention,
  value,
  onChange,
  onBlur,
  ...input
}: TemporalInputProps & { convention: Convention }) {
  const { locale } = useValueFormat();
  const [text, setText] = useState(() => convention.text(value, locale));
  const reported = useRef(value);
  const shownIn = useRef(locale);
  useEffect(() => {
    // An outside change (reset, a loaded row) or the company's convention arriving rewrites the text.
    if (value === reported.current && locale === shownIn.current) return;
    reported.current = value;
    shownIn.current = locale;
    setText(convention.text(value, locale));
  }, [value, locale, convention]);
  return (
    <input
      {...input}
      type="text"
      autoComplete="off"
      placeholder={convention.placeholder(locale)}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const parsed = next.trim() === '' ? '' : convention.parse(next, locale);
        const reporting = parsed ?? next;
        reported.current = reporting;
        if (reporting !== value) onChange(reporting, parsed !== null);
      }}
      onBlur={(event) => {
        const parsed = convention.parse(text, locale);
        if (parsed) setText(convention.text(parsed, locale));
        onBlur?.(event);
      }}
    />
  );
}

/** The list filter's width rule (main.scss) knows a date-time and a time box by these classes. */
const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

const DATE: Convention = { text: dateText, parse: parseDateText, placeholder: datePlaceholder };
const DATE_TIME: Convention = { text: dateTimeInputText, parse: parseDateTimeText, placeholder: dateTimePlaceholder };
const TIME: Convention = { text: clockText, parse: parseClockText, placeholder: clockPlaceholder };

/** A date in the company's convention (en-MY: 28/09/2026), kept as "yyyy-mm-dd". */
export const DateInput = (props: TemporalInputProps) => (
  <ConventionInput inputMode="numeric" {...props} convention={DATE} />
);

/**
 * A date and time in the company's convention (en-MY: 28/09/2026 2:05 pm), kept as the wall clock
 * "yyyy-mm-ddTHH:mm" (format.ts turns it into an instant as a native `datetime-local` value was).
 */
export const DateTimeInput = ({ className, ...props }: TemporalInputProps) => (
  <ConventionInput {...props} className={classes(className, 'datetime-input')} convention={DATE_TIME} />
);

/** A wall-clock time in the company's convention (en-MY: 2:05 pm, en-GB: 14:05), kept as "HH:mm". */
export const TimeInput = ({ className, ...props }: TemporalInputProps) => (
  <ConventionInput {...props} className={classes(className, 'time-input')} convention={TIME} />
);
