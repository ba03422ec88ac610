import type { HomeSales } from '@backroom/schema';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { amount, dailyByOutlet, todayByOutlet } from './salesData';

/** Colours of the outlets' series, in turn (Bootstrap's palette). */
const COLOURS = ['#0d6efd', '#198754', '#fd7e14', '#6f42c1', '#d63384', '#20c997', '#ffc107', '#0dcaf0'];

/** The row with the series' amounts as numbers, as the chart plots them. */
const numbers = (row: object, keys: readonly string[]) => ({
  ...row,
  ...Object.fromEntries(keys.map((k) => [k, amount((row as Record<string, string>)[k] ?? '0')])),
});

/**
 * The charts of Home (Recharts, in a chunk of its own loaded by Home only). Each has the same
 * figures as a table (HomeDashboard) for screen readers and keyboard users: the chart itself is
 * an image with a label.
 */
export default function SalesCharts({ sales, which }: { sales: HomeSales; which: 'today' | 'days' }) {
  const { t } = useTranslation();
  if (which === 'today') {
    const series = [...(sales.channels.pos ? ['pos'] : []), ...(sales.channels.online ? ['online'] : [])];
    const data = todayByOutlet(sales).map((row) => numbers(row, series));
    return (
      <div role="img" aria-label={t('homeDashboard.todayChart')} style={{ height: 240 }}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 400, height: 240 }}>
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="outlet" />
            <YAxis />
            <Tooltip />
            <Legend />
            {series.map((key, i) => (
              <Bar key={key} dataKey={key} name={t(`homeDashboard.${key}`)} stackId="today" fill={COLOURS[i]} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    );
  }
  const { outlets, rows } = dailyByOutlet(sales);
  const data = rows.map((row) =>
    numbers(
      row,
      outlets.map((o) => o.key),
    ),
  );
  return (
    <div role="img" aria-label={t('homeDashboard.daysChart')} style={{ height: 260 }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 260 }}>
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} />
          <YAxis />
          <Tooltip />
          <Legend />
          {outlets.map((outlet, i) => (
            <Bar
              key={outlet.key}
              dataKey={outlet.key}
              name={outlet.label}
              stackId="days"
              fill={COLOURS[i % COLOURS.length]}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
