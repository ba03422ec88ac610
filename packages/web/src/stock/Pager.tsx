import { useTranslation } from 'react-i18next';

/** Previous / next over a server-paged list, with "Page n of m (count rows)". */
export function Pager({
  skip,
  take,
  total,
  onSkip,
}: {
  skip: number;
  take: number;
  total: number;
  onSkip(skip: number): void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / take));
  const page = Math.floor(skip / take) + 1;
  return (
    <nav className="d-flex align-items-center gap-2 mb-4" aria-label={t('stock.virtual.pages')}>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={page <= 1}
        onClick={() => onSkip(skip - take)}
      >
        {t('list.previousPage')}
      </button>
      <span>{t('stock.virtual.pageOf', { page, pages, count: total })}</span>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={page >= pages}
        onClick={() => onSkip(skip + take)}
      >
        {t('list.nextPage')}
      </button>
    </nav>
  );
}
