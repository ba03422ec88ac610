import { Suspense, useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { HomeBackup, HomeSales, HomeSummary } from '@backroom/schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LazyBoundary, lazyPage } from '../ui/lazy';
import { useErrorText } from '../screens/errorText';
import { useMenuItem } from '../i18n/useMenu';
import { LoadFailed } from '../ui/LoadFailed';
import { Spinner } from '../ui/Spinner';
import { homeApi } from './api';
import { addAmounts, dailyByOutlet, todayByOutlet } from './salesData';
import { useValueFormat } from '../data/useValueFormat';
import { dateText, dateTimeText, moneyText, numberText } from '../fields/format';

/** Recharts comes with this chunk only, once Home shows a chart. */
const SalesCharts = lazyPage(() => import('./SalesCharts'));

const REFRESH_MS = 60_000;

/** A link to a screen's list (or a form, with `to`) when the viewer has it in their menu; the bare content otherwise. */
function ScreenLink({ screen, to, children }: { screen: string; to?: string; children: ReactNode }) {
  const item = useMenuItem(screen);
  return item ? <Link to={to ?? item.path}>{children}</Link> : <>{children}</>;
}

/** One figure in a card, linked to its list. */
function Figure({ value, label, screen }: { value: ReactNode; label: string; screen?: string }) {
  const content = (
    <>
      <div className="display-6">{value}</div>
      <div>{label}</div>
    </>
  );
  return (
    <div className="col-sm-6 col-lg-3">
      <div className="card text-center h-100">
        <div className="card-body">{screen ? <ScreenLink screen={screen}>{content}</ScreenLink> : content}</div>
      </div>
    </div>
  );
}

/** A card named by its heading. */
function Panel({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <section className={wide ? 'col-12' : 'col-lg-6'} aria-labelledby={id}>
      <div className="card h-100">
        <div className="card-body">
          <h2 id={id} className="h5">
            {title}
          </h2>
          {children}
        </div>
      </div>
    </section>
  );
}

/** A chart and, for those who cannot see it, the same figures as a table under a disclosure. */
function ChartWithTable({ sales, which, table }: { sales: HomeSales; which: 'today' | 'days'; table: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <LazyBoundary part>
        <Suspense fallback={<Spinner />}>
          <SalesCharts sales={sales} which={which} />
        </Suspense>
      </LazyBoundary>
      <details className="mt-2">
        <summary>{t('homeDashboard.asTable')}</summary>
        {table}
      </details>
    </>
  );
}

function TodayTable({ sales }: { sales: HomeSales }) {
  const { t } = useTranslation();
  const format = useValueFormat();
  return (
    <table className="table table-sm mb-0">
      <caption className="visually-hidden">{t('homeDashboard.today')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('homeDashboard.outlet')}</th>
          {sales.channels.pos && <th scope="col">{t('homeDashboard.pos')}</th>}
          {sales.channels.online && <th scope="col">{t('homeDashboard.online')}</th>}
        </tr>
      </thead>
      <tbody>
        {todayByOutlet(sales).map((row) => (
          <tr key={row.outlet}>
            <th scope="row">{row.outlet}</th>
            {sales.channels.pos && <td className="text-end">{moneyText(row.pos, format)}</td>}
            {sales.channels.online && <td className="text-end">{moneyText(row.online, format)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DaysTable({ sales }: { sales: HomeSales }) {
  const { t } = useTranslation();
  const format = useValueFormat();
  const { outlets, rows } = dailyByOutlet(sales);
  return (
    <div className="table-responsive">
      <table className="table table-sm mb-0">
        <caption className="visually-hidden">{t('homeDashboard.days')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('homeDashboard.day')}</th>
            {outlets.map((o) => (
              <th key={o.key} scope="col">
                {o.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day}>
              <th scope="row">{dateText(row.day, format.locale)}</th>
              {outlets.map((o) => (
                <td key={o.key} className="text-end">
                  {moneyText(row[o.key], format)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** For administrators: when the last backup was taken, and a warning when none is recent or the last one failed. */
function BackupNotice({ backup }: { backup: HomeBackup }) {
  const { t } = useTranslation();
  const format = useValueFormat();
  const at = (iso: string) => dateTimeText(iso, format);
  const last = backup.last
    ? t(backup.stale ? 'homeDashboard.backupStale' : 'homeDashboard.backupLast', {
        at: at(backup.last.at),
        hours: backup.warnHours,
        size: numberText((backup.last.bytes / 1_048_576).toFixed(1), format.locale),
      })
    : t('homeDashboard.backupNever');
  const how =
    backup.everyHours > 0 ? t('homeDashboard.backupEvery', { hours: backup.everyHours }) : t('homeDashboard.backupOff');
  const warn = backup.stale || backup.lastError !== null;
  return (
    <section className="col-12" aria-label={t('homeDashboard.backupTitle')}>
      <div
        className={warn ? 'alert alert-warning mb-0' : 'text-body-secondary small'}
        role={warn ? 'alert' : undefined}
      >
        {last}{' '}
        {backup.lastError && (
          <>{t('homeDashboard.backupFailed', { at: at(backup.lastError.at), error: backup.lastError.error })} </>
        )}
        {warn && how}
      </div>
    </section>
  );
}

const sum = (values: string[]) => values.reduce(addAmounts, '0.00');

/** The figures of the sections the viewer may see; the server leaves out the others. */
function Dashboard({ summary }: { summary: HomeSummary }) {
  const { t } = useTranslation();
  const format = useValueFormat();
  const count = (n: number) => numberText(n, format.locale);
  const { sales, topProducts, lowStock, terminals, ordersWaiting, jobsRunning, recentChanges, backup } = summary;
  const salesScreen = sales?.channels.pos ? 'sale' : 'onlinesalesorder';
  return (
    <>
      {backup && <BackupNotice backup={backup} />}
      {sales && (
        <>
          <Figure
            value={moneyText(sum(sales.byOutlet.flatMap((o) => [o.todayPos, o.todayOnline])), format)}
            label={t('homeDashboard.todaySales')}
            screen={salesScreen}
          />
          <Figure
            value={moneyText(sum(sales.byOutlet.flatMap((o) => [o.last30Pos, o.last30Online])), format)}
            label={t('homeDashboard.last30Sales')}
            screen={salesScreen}
          />
        </>
      )}
      {ordersWaiting && (
        <Figure
          value={count(ordersWaiting.count)}
          label={t('homeDashboard.ordersWaiting', { count: ordersWaiting.count })}
          screen="onlinesalesorder"
        />
      )}
      {lowStock && (
        <Figure
          value={count(lowStock.count)}
          label={t('homeDashboard.lowStock', { count: lowStock.count })}
          screen="lowstock"
        />
      )}
      {terminals && (
        <Figure
          value={`${count(terminals.offline)} / ${count(terminals.total)}`}
          label={t('homeDashboard.terminalsOffline')}
          screen="terminalstatus"
        />
      )}
      {jobsRunning && (
        <Figure value={count(jobsRunning.count)} label={t('homeDashboard.jobsRunning', { count: jobsRunning.count })} />
      )}

      {sales && (
        <>
          <Panel title={t('homeDashboard.today')}>
            <ChartWithTable sales={sales} which="today" table={<TodayTable sales={sales} />} />
          </Panel>
          <Panel title={t('homeDashboard.days')}>
            <ChartWithTable sales={sales} which="days" table={<DaysTable sales={sales} />} />
          </Panel>
        </>
      )}
      {topProducts && (
        <Panel title={t('homeDashboard.topProducts')}>
          {topProducts.length === 0 ? (
            <p className="mb-0">{t('homeDashboard.noSales')}</p>
          ) : (
            <table className="table table-sm mb-0">
              <thead>
                <tr>
                  <th scope="col">{t('homeDashboard.product')}</th>
                  <th scope="col">{t('homeDashboard.quantity')}</th>
                  <th scope="col">{t('homeDashboard.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {topProducts.map((p) => (
                  <tr key={p.product}>
                    <th scope="row">
                      <ScreenLink screen="product" to={`/product/edit/${p.product}`}>
                        {p.productLabel}
                      </ScreenLink>
                    </th>
                    <td className="text-end">{numberText(p.quantity, format.locale)}</td>
                    <td className="text-end">{moneyText(p.amount, format)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Panel>
      )}
      {lowStock && lowStock.rows.length > 0 && (
        <Panel title={t('homeDashboard.lowStockTitle')}>
          <ul className="list-unstyled mb-0">
            {lowStock.rows.map((r) => (
              <li key={r.id}>
                {t('homeDashboard.lowStockRow', {
                  product: r.productLabel,
                  location: r.locationLabel,
                  onHand: numberText(r.onHand, format.locale),
                  minQty: numberText(r.minQty, format.locale),
                })}
              </li>
            ))}
          </ul>
          <ScreenLink screen="lowstock">{t('homeDashboard.seeAll')}</ScreenLink>
        </Panel>
      )}
      {terminals && terminals.rows.length > 0 && (
        <Panel title={t('homeDashboard.terminalsOfflineTitle')}>
          <ul className="list-unstyled mb-0">
            {terminals.rows.map((r) => (
              <li key={r.id}>
                {r.lastSeenAt
                  ? t('homeDashboard.lastSeen', {
                      terminal: r.label,
                      outlet: r.outletLabel,
                      at: dateTimeText(r.lastSeenAt, format),
                    })
                  : t('homeDashboard.neverSeen', { terminal: r.label, outlet: r.outletLabel })}
              </li>
            ))}
          </ul>
          <ScreenLink screen="terminalstatus">{t('homeDashboard.seeAll')}</ScreenLink>
        </Panel>
      )}
      {recentChanges && (
        <Panel title={t('homeDashboard.recentChanges')}>
          <ul className="list-unstyled mb-0">
            {recentChanges.map((c) => {
              const what = t('homeDashboard.change', {
                user: c.userName ?? '—',
                action: t(`homeDashboard.actions.${c.action}`, { defaultValue: c.action }),
                // The record's word and its name as people know them, never the table's internal name.
                entity: t(`records.${c.entity}`, { defaultValue: t('homeDashboard.record') }),
                label: c.label ?? '',
              }).trim();
              return (
                <li key={c.id}>
                  <time dateTime={c.at}>{dateTimeText(c.at, format)}</time>{' '}
                  {c.rowId !== null && c.action !== 'delete' ? (
                    <ScreenLink screen={c.entity} to={`/${c.entity}/edit/${c.rowId}`}>
                      {what}
                    </ScreenLink>
                  ) : (
                    what
                  )}
                </li>
              );
            })}
          </ul>
        </Panel>
      )}
    </>
  );
}

/** Home's figures, from one request, refreshed every minute. */
export function HomeDashboard() {
  const errorText = useErrorText();
  const query = useQuery({ queryKey: ['homeSummary'], queryFn: homeApi.summary, refetchInterval: REFRESH_MS });
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <div className="col-12">
        <LoadFailed message={errorText(query.error)} onRetry={query.refetch} />
      </div>
    );
  return <Dashboard summary={query.data} />;
}
