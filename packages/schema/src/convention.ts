/**
 * The company's convention for dates, times and numbers, shared by the console (list cells, inputs)
 * and the server (PDFs): a language written as the base currency's country writes it. Pure `Intl`.
 */

/**
 * The locale numbers and dates are written in: the language in the region of the base currency (an
 * ISO 4217 code begins with its country's code: MYR → en-MY, d/m/yyyy), else the language alone.
 */
export function formatLocale(language: string, currency: string | null): string {
  const region = currency?.slice(0, 2).toUpperCase();
  if (!region) return language;
  const candidate = `${language.split('-')[0]}-${region}`;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([candidate]).length > 0 ? candidate : language;
  } catch {
    return language;
  }
}

/**
 * Building an `Intl` formatter costs far more than formatting with it (a 10-page PDF spent a
 * sixth of its time building one per quantity): each is built once per key and kept. The keys are
 * few — the company's locale and currency, a scale.
 */
function kept<T>(build: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = build(key)));
    return value;
  };
}

/** The order of day, month and year in `locale`'s numeric dates and the separator between them (en-MY: d m y, "/"). */
export const dateConvention: (locale: string) => { order: ('day' | 'month' | 'year')[]; separator: string } = kept(
  (locale) => {
    const parts = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    }).formatToParts(new Date(Date.UTC(2001, 10, 22)));
    const order = parts.flatMap((p) => (p.type === 'day' || p.type === 'month' || p.type === 'year' ? [p.type] : []));
    const separator = parts.find((p) => p.type === 'literal')?.value ?? '/';
    return { order: order.length === 3 ? order : ['day', 'month', 'year'], separator };
  },
);

/** A calendar date "yyyy-mm-dd" as the company writes it ("28/09/2026" in en-MY); anything else unchanged. */
export function dateText(value: unknown, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value ?? ''));
  if (!m) return String(value ?? '');
  const { order, separator } = dateConvention(locale);
  const part = { year: m[1], month: m[2], day: m[3] };
  return order.map((p) => part[p]).join(separator);
}

/**
 * A 12-hour clock writes its hour as it is ("9:05 am"); a 24-hour one in two digits ("09:05",
 * "00:14"), as its readers write it — Intl's numeric hour would print "0:14" in en-GB.
 */
const clockFormat = kept((locale) => {
  const numeric = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  return numeric.resolvedOptions().hour12
    ? numeric
    : new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
});
const clockParts = (locale: string, hour: number, minute: number) =>
  clockFormat(locale).formatToParts(new Date(Date.UTC(2001, 0, 1, hour, minute)));

/**
 * How `locale` writes a wall-clock time: its parts in order (en-MY: hour ":" minute " " period) and,
 * when it counts hours to 12, its morning and afternoon words (en-MY "am"/"pm", ms-MY "PG"/"PTG").
 */
export function clockConvention(locale: string): {
  parts: { type: 'hour' | 'minute' | 'dayPeriod' | 'literal'; value: string }[];
  periods: { am: string; pm: string } | null;
} {
  const afternoon = clockParts(locale, 14, 5);
  const period = (parts: Intl.DateTimeFormatPart[]) => parts.find((p) => p.type === 'dayPeriod')?.value;
  const pm = period(afternoon);
  const am = period(clockParts(locale, 9, 5));
  return {
    // V8's format() writes the narrow no-break space before am/pm as a plain space; its parts keep it.
    parts: afternoon.flatMap(({ type, value }) =>
      type === 'hour' || type === 'minute' || type === 'dayPeriod' || type === 'literal'
        ? [{ type, value: value.replace(/\s/g, ' ') }]
        : [],
    ),
    periods: am && pm ? { am, pm } : null,
  };
}

/** A wall-clock "HH:mm" as `locale` reads it ("2:05 pm" in en-MY, "14:05" in en-GB); anything else unchanged. */
export function clockText(value: unknown, locale: string): string {
  const m = /^(\d{2}):(\d{2})/.exec(String(value ?? ''));
  if (!m) return String(value ?? '');
  return clockFormat(locale).format(new Date(Date.UTC(2001, 0, 1, Number(m[1]), Number(m[2]))));
}

/** A wall-clock date and time ("yyyy-mm-dd", "HH:mm") in the company's convention ("28/09/2026 2:05 pm"). */
export function wallClockText(date: string, time: string, locale: string): string {
  return `${dateText(date, locale)} ${clockText(time, locale)}`;
}

/** An amount (number or decimal string) with the company's currency and thousands separators ("RM 1,234.50"). */
export function moneyText(value: unknown, format: { locale: string; currency: string | null }, scale = 2): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value ?? '');
  return moneyFormat(`${format.locale}|${format.currency ?? ''}|${scale}`).format(n);
}

const moneyFormat = kept((key) => {
  const [locale, currency, scale] = key.split('|');
  return new Intl.NumberFormat(locale, {
    ...(currency ? { style: 'currency', currency } : {}),
    minimumFractionDigits: Number(scale),
    maximumFractionDigits: Number(scale),
  });
});

/** An amount with separators and its scale, no currency sign ("1,234.50"; '' for none): table cells under a caption naming the currency. */
export function amountText(value: unknown, locale: string, scale = 2): string {
  return value === null || value === undefined || value === ''
    ? ''
    : moneyText(value, { locale, currency: null }, scale);
}

const countFormat = kept((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }));

/** A count or quantity with thousands separators. */
export function numberText(value: unknown, locale: string): string {
  const n = Number(value);
  return Number.isFinite(n) ? countFormat(locale).format(n) : String(value ?? '');
}
