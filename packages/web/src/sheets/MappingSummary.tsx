import { useTranslation } from 'react-i18next';
import type { SheetJob } from '@backroom/schema';
import { sheetMessage } from './sheetMessages';

/**
 * What the mapping step did, beside a checked file: the system it was recognised as, what the
 * commit creates on the way (the confirmation: the commit button creates them), cells left out and
 * columns no field reads.
 */
export function MappingSummary({ job }: { job: SheetJob }) {
  const { t, i18n } = useTranslation();
  const creates = job.creates;
  const created = [
    ...(creates?.categories.length
      ? [t('sheets.mapping.createsCategories', { names: creates.categories.join(', ') })]
      : []),
    ...(creates?.brands.length ? [t('sheets.mapping.createsBrands', { names: creates.brands.join(', ') })] : []),
    ...(creates?.attributes ?? []).map((a) =>
      t('sheets.mapping.createsAttribute', { name: a.name, values: a.values.join(', ') }),
    ),
    ...(creates?.locations?.length
      ? [t('sheets.mapping.createsLocations', { names: creates.locations.join(', ') })]
      : []),
  ];
  if (!job.source && created.length === 0 && !job.warnings?.length && !job.ignoredColumns?.length) return null;
  const stock = job.stock ?? [];
  return (
    <div className="alert alert-info" role="status" aria-label={t('sheets.mapping.summary')}>
      {job.source && (
        <p className="mb-1">
          {t('sheets.mapping.readAs', {
            source: t(`sheets.mapping.sourceNames.${job.source}`, { defaultValue: job.source }),
          })}
        </p>
      )}
      {created.length > 0 && (
        <div className="mb-1">
          {job.committed ? t('sheets.mapping.created') : t('sheets.mapping.creates')}
          <ul className="mb-0">
            {created.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {stock.length > 0 && (
        <p className="mb-1">
          {stock
            .map((s) =>
              t(job.committed ? 'sheets.mapping.stockSet' : 'sheets.mapping.stockToSet', {
                count: s.products,
                location: s.location,
              }),
            )
            .join(' ')}
        </p>
      )}
      {(job.warnings?.length ?? 0) > 0 && (
        <div className="mb-1">
          {t('sheets.mapping.leftOut', { count: job.warnings!.length })}
          <ul className="mb-0">
            {job.warnings!.slice(0, 20).map((w, i) => (
              <li key={`${w.row}-${i}`}>
                {t('sheets.row')} {w.row}, {w.column}: {sheetMessage(t, i18n.language, w.message)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {(job.ignoredColumns?.length ?? 0) > 0 && (
        <p className="mb-0 small">{t('sheets.mapping.ignoredColumns', { columns: job.ignoredColumns!.join(', ') })}</p>
      )}
    </div>
  );
}
