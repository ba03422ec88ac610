import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ListController } from './useListController';

/** A list's name inside a sentence: its first letter small unless it starts an acronym (`products`, `GST setup`). */
export function inSentence(title: string, language: string): string {
  const [first = '', second = ''] = title;
  return second && second === second.toLocaleUpperCase(language) && second !== second.toLocaleLowerCase(language)
    ? title
    : first.toLocaleLowerCase(language) + title.slice(1);
}

/**
 * What a list with no rows says, and what to do: clear a search or filters that found nothing, add
 * the first row where the user may, or where rows come from when the list is made elsewhere.
 */
export function ListEmpty({ list, title }: { list: ListController; title: string }) {
  const { t, i18n } = useTranslation();
  const { state, canEdit, item, entity } = list;
  const what = inSentence(title, i18n.language);
  const filtered = state.search !== '' || Object.values(state.filters).some((value) => value !== '');
  return (
    <div className="list-empty text-center text-body-secondary py-4 px-2">
      {filtered ? (
        <>
          <p className="mb-2">{t('list.emptyFiltered', { what })}</p>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={list.clearFilters}>
            {t('list.clearFilters')}
          </button>
        </>
      ) : (
        <>
          <p className="mb-2">
            {t('list.emptyNone', { what })}{' '}
            {canEdit
              ? t('list.emptyAdd')
              : entity.readOnly || !list.hasForm
                ? t('list.emptyRecorded')
                : t('list.emptyNoRight')}
          </p>
          {canEdit && (
            <Link to={`${item.path}/add`} className="btn btn-sm btn-primary">
              <i className="bi bi-plus-lg" aria-hidden="true" /> {t('list.add')}
            </Link>
          )}
        </>
      )}
    </div>
  );
}
