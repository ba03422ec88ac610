import { useEffect, useMemo, useRef, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useValueFormat } from '../data/useValueFormat';
import {
  clockPlaceholder,
  clockText,
  dateText,
  datePlaceholder,
  dateTimeInputText,
  dateTimePlaceholder,
  dateTimeText,
  parseClockText,
  parseDateText,
  parseDateTimeText,
  parseInstantText,
  partLetters,
  type PartLetters,
  type ValueFormat,
} from './format';

export interface TemporalInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
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
  text(value: string, format: ValueFormat): string;
  parse(text: string, format: ValueFormat): string | null;
  placeholder(locale: string, letters: PartLetters): string;
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
  const { t } = useTranslation();
  const { locale, timeZone } = useValueFormat();
  const format = useMemo(() => ({ locale, timeZone, currency: null }), [locale, timeZone]);
  const [text, setText] = useState(() => convention.text(value, format));
  const reported = useRef(value);
  const shownIn = useRef(format);
  useEffect(() => {
    // An outside change (reset, a loaded row) or the company's convention or zone arriving rewrites the text.
    if (value === reported.current && format === shownIn.current) return;
    reported.current = value;
    shownIn.current = format;
    setText(convention.text(value, format));
  }, [value, format, convention]);
  return (
    <input
      {...input}
      type="text"
      autoComplete="off"
      placeholder={convention.placeholder(locale, partLetters(t))}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const parsed = next.trim() === '' ? '' : convention.parse(next, format);
        const reporting = parsed ?? next;
        // Against what it last reported, not `value`: a list filter keeps its value while a new one is typed.
        const previous = reported.current;
        reported.current = reporting;
        if (reporting !== previous) onChange(reporting, parsed !== null);
      }}
      onBlur={(event) => {
        const parsed = convention.parse(text, format);
        if (parsed) setText(convention.text(parsed, format));
        onBlur?.(event);
      }}
    />
  );
}

/** The list filter's width rule (main.scss) knows a date-time and a time box by these classes. */
const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** A convention of values that are the same wherever they are read (a date, a wall clock): no time zone. */
const zoneless = (
  text: (value: unknown, locale: string) => string,
  parse: (text: string, locale: string) => string | null,
  placeholder: Convention['placeholder'],
): Convention => ({ text: (v, f) => text(v, f.locale), parse: (t, f) => parse(t, f.locale), placeholder });

const DATE = zoneless(dateText, parseDateText, datePlaceholder);
const WALL_CLOCK = zoneless(dateTimeInputText, parseDateTimeText, dateTimePlaceholder);
const TIME = zoneless(clockText, parseClockText, clockPlaceholder);
/** An instant, read and typed as the company's wall clock; a range's end takes a date alone as that whole day. */
const instant = (day?: 'start' | 'end'): Convention => ({
  text: dateTimeText,
  parse: (text, format) => parseInstantText(text, format, day),
  placeholder: dateTimePlaceholder,
});
const INSTANT = instant();
const DAY_START = instant('start');
const DAY_END = instant('end');

/** A date in the company's convention (en-MY: 28/09/2026), kept as "yyyy-mm-dd". */
export const DateInput = (props: TemporalInputProps) => (
  <ConventionInput inputMode="numeric" {...props} convention={DATE} />
);

/**
 * An instant typed and shown as the company's wall clock in its time zone and convention (en-MY:
 * 28/09/2026 2:05 pm), whatever the browser's zone; kept as the wire's ISO instant (UTC). As a
 * range's `from` or `to`, a date alone is that whole day in the company's zone.
 */
export const DateTimeInput = ({ className, end, ...props }: TemporalInputProps & { end?: 'from' | 'to' }) => (
  <ConventionInput
    {...props}
    className={classes(className, 'datetime-input')}
    convention={end === 'from' ? DAY_START : end === 'to' ? DAY_END : INSTANT}
  />
);

/**
 * A wall-clock date and time in the company's convention, kept as "yyyy-mm-ddTHH:mm" without a zone:
 * a moment at an outlet, whose own zone the server applies.
 */
export const WallClockInput = ({ className, ...props }: TemporalInputProps) => (
  <ConventionInput {...props} className={classes(className, 'datetime-input')} convention={WALL_CLOCK} />
);

/** A wall-clock time in the company's convention (en-MY: 2:05 pm, en-GB: 14:05), kept as "HH:mm". */
export const TimeInput = ({ className, ...props }: TemporalInputProps) => (
  <ConventionInput {...props} className={classes(className, 'time-input')} convention={TIME} />
);

type TemporalKind = 'date' | 'datetime' | 'time';
/** An example of each kind as the company writes it (en-MY: 28/09/2026, 28/09/2026 2:05 pm, 2:05 pm). */
const EXAMPLE: Record<TemporalKind, (locale: string) => string> = {
  date: (locale) => dateText('2026-09-28', locale),
  datetime: (locale) => dateTimeInputText('2026-09-28T14:05', locale),
  time: (locale) => clockText('14:05', locale),
};
/** A whole value as the inputs report it; anything else is text still being typed. */
const WHOLE: Record<TemporalKind, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  datetime: /^\d{4}-\d{2}-\d{2}T/,
  time: /^\d{2}:\d{2}$/,
};

/** What may be asked for: one kind, or a date with or without its time (a date-time filter takes a whole day). */
export type EnterLikeKind = TemporalKind | 'dateOrDateTime';

/** What to type, as the company writes it and in the user's language ("Enter a time like 2:05 pm"). */
export function useEnterLike(): (kind: EnterLikeKind) => string {
  const { t } = useTranslation();
  const { locale } = useValueFormat();
  return (kind) =>
    t(`form.enterLike.${kind}`, {
      date: EXAMPLE.date(locale),
      example: EXAMPLE[kind === 'dateOrDateTime' ? 'datetime' : kind](locale),
    });
}

/**
 * A field's problem as a person reads it: for a date, date-time or time whose text is not a whole
 * value, what to type in the company's convention ("Enter a time like 2:05 pm"); else `error` itself.
 */
export function useTemporalProblem(kind: TemporalKind, value: unknown, error: string | undefined): string | undefined {
  const enterLike = useEnterLike();
  if (!error || typeof value !== 'string' || value === '' || WHOLE[kind].test(value)) return error;
  return enterLike(kind);
}
