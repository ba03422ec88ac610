import type { HomeSales } from '@backroom/schema';

/** An amount ("12.50") as a number, for charts only: every figure shown as text keeps the server's string. */
export const amount = (value: string) => Number(value);

/** Adds two amounts exactly ("0.10" + "0.20" = "0.30"). */
export function addAmounts(a: string, b: string): string {
  const cents = (v: string) => BigInt(v.replace('.', ''));
  const total = cents(a) + cents(b);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export interface OutletToday {
  outlet: string;
  pos: string;
  online: string;
}

/** Today's sales per outlet (each by its own date). */
export const todayByOutlet = (sales: HomeSales): OutletToday[] =>
  sales.byOutlet.map((o) => ({ outlet: o.outletLabel, pos: o.todayPos, online: o.todayOnline }));

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A chart series of one outlet: its key in the rows (`o12`, never a label, which may hold dots) and its label. */
export interface OutletSeries {
  key: string;
  label: string;
}

/**
 * The last 30 days as rows of `{day, o{outlet id}: amount}` (POS and online together), every day
 * from the first sale to the latest today present, days without sales at 0.00.
 */
export function dailyByOutlet(sales: HomeSales): {
  outlets: OutletSeries[];
  rows: ({ day: string } & Record<string, string>)[];
} {
  const keyOf = (outlet: number) => `o${outlet}`;
  const outlets = sales.byOutlet.map((o) => ({ key: keyOf(o.outlet), label: o.outletLabel }));
  const todays = sales.byOutlet.map((o) => o.today).sort();
  const first = sales.days[0]?.day;
  const last = todays.at(-1);
  if (!first || !last) return { outlets, rows: [] };
  const rows: ({ day: string } & Record<string, string>)[] = [];
  const index = new Map<string, { day: string } & Record<string, string>>();
  for (let day = first; day <= last; day = nextDay(day)) {
    const row = { day, ...Object.fromEntries(outlets.map((o) => [o.key, '0.00'])) } as { day: string } & Record<
      string,
      string
    >;
    rows.push(row);
    index.set(day, row);
  }
  for (const d of sales.days) {
    const row = index.get(d.day);
    if (row && keyOf(d.outlet) in row)
      row[keyOf(d.outlet)] = addAmounts(row[keyOf(d.outlet)]!, addAmounts(d.pos, d.online));
  }
  return { outlets, rows };
}
