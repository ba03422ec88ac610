import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NormalisedField } from '@backroom/schema';
import type { ApiRow } from '../data/api';
import { useValueFormat } from '../data/useValueFormat';
import { fieldLabel, formatCell } from '../fields/format';
import { ListEmpty } from './ListEmpty';
import { useModules } from './modules';
import { phoneRowOf } from './phoneRow';
import type { ListController } from './useListController';

/**
 * A list on a phone: one compact row per record (as Shopify's mobile lists), its name in bold with
 * its code beside it, its figures at the end, and at most a small second line. A tap opens the row;
 * rows are chosen by their check box for the actions on many rows. Sorting and filters are the
 * wide table's; the search box serves here.
 */
export function ListPhone({ list, title }: { list: ListController; title: string }) {
  const { t, i18n } = useTranslation();
  const format = useValueFormat();
  const chosen = useModules().phoneRows[list.entity.name];
  const { entity, item, rows, pageRows, canSelect, hasForm, onOpenRow, rowLabel } = list;
  const fields = phoneRowOf(entity, list.shown, chosen);
  const text = (row: ApiRow, field: NormalisedField) => formatCell(t, i18n.language, field, row, format);
  const texts = (row: ApiRow, of: NormalisedField[]) => of.map((f) => text(row, f)).filter((value) => value !== '');

  if (rows.isPending)
    return (
      <p className="text-center py-4" role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        {t('common.loading')}
      </p>
    );
  if (pageRows.length === 0) return <ListEmpty list={list} title={title} />;

  return (
    <ul className="list-phone list-unstyled" aria-label={title} aria-busy={rows.isFetching}>
      {pageRows.map((row) => {
        const id = String(row.id);
        const content = (
          <>
            <span className="list-phone-text">
              <span className="list-phone-line">
                <span className="list-phone-title">{texts(row, fields.title).join(' ') || id}</span>
                {texts(row, fields.code).map((code) => (
                  <span key={code} className="list-phone-code">
                    {code}
                  </span>
                ))}
              </span>
              {fields.detail.length > 0 && (
                <span className="list-phone-detail">{texts(row, fields.detail).join(' · ')}</span>
              )}
            </span>
            {fields.end.length > 0 && (
              <span className="list-phone-end">
                {fields.end.map((field) => {
                  const value = text(row, field);
                  // A computed figure (a product's on hand) is no price: it says what it counts.
                  const named = value !== '' && entity.computed.includes(field);
                  return (
                    <span key={field.name} className="list-phone-figure">
                      {named ? t('list.figureOf', { label: fieldLabel(t, entity.name, field), value }) : value}
                    </span>
                  );
                })}
              </span>
            )}
          </>
        );
        return (
          <li key={id} className="list-phone-row">
            {canSelect && (
              <input
                type="checkbox"
                className="form-check-input flex-shrink-0"
                aria-label={t('list.selectRow', { label: rowLabel(row) })}
                checked={Boolean(list.selected[id])}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  list.setSelected((now) => ({ ...now, [id]: checked }));
                }}
              />
            )}
            {hasForm ? (
              // Named by what it shows (name, code, figures), as the label-in-name rule asks.
              <Link to={`${item.path}/edit/${id}`} className="list-phone-open">
                {content}
              </Link>
            ) : onOpenRow ? (
              <button type="button" className="list-phone-open" onClick={() => onOpenRow(row)}>
                {content}
              </button>
            ) : (
              <span className="list-phone-open">{content}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
