import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NormalisedEntity, NormalisedField } from '@backroom/schema';
import { apiFailure, type AuditEntry } from '../data/api';
import { useAudit, useLabelTable } from '../data/hooks';
import { targetOf, unlabelled } from '../data/labels';
import { dateTimeText, fieldLabel, formatValue } from '../fields/format';
import { useValueFormat } from '../data/useValueFormat';
import { changesOf, referencedRows } from './historyChanges';

const EMPTY: AuditEntry[] = [];

/**
 * The row's audit trail: who did what when, and each changed field from → to, as the form shows
 * it — referenced rows and list values by name, enum values and money as the user reads them. The
 * names are looked up once per referenced entity; a row the caller may not see stays an id.
 */
export function HistoryTab({ entity, id }: { entity: NormalisedEntity; id: number }) {
  const { t, i18n } = useTranslation();
  const format = useValueFormat();
  const audit = useAudit(entity.name, id, true);
  const entries = audit.data ?? EMPTY;
  const wanted = useMemo(() => referencedRows(entity.fields, entries), [entity.fields, entries]);
  const labels = useLabelTable(wanted);
  if (audit.isPending || labels.isPending)
    return (
      <p role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        {t('common.loading')}
      </p>
    );
  if (audit.isError)
    return (
      <div className="alert alert-danger" role="alert">
        {t('form.historyFailed', { message: apiFailure(audit.error).message })}
      </div>
    );
  if (entries.length === 0) return <p className="text-body-secondary">{t('form.noHistory')}</p>;
  const fieldOf = (name: string) => entity.fields.find((f) => f.name === name);
  const labelOf = (field: NormalisedField, rowId: unknown) =>
    labels.labelOf(targetOf(field) ?? '', rowId) ?? unlabelled(rowId);
  const shown = (field: NormalisedField | undefined, value: unknown) => {
    const text = field
      ? formatValue(t, i18n.language, field, value, labelOf, format)
      : value === null || value === undefined
        ? ''
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
    return text === '' ? '—' : text;
  };
  return (
    <ol className="list-unstyled history" aria-label={t('form.tabs.history')}>
      {entries.map((entry, i) => {
        const changes = changesOf(entry.changes);
        return (
          <li key={entry.id ?? i} className="border-bottom pb-2 mb-2">
            <div>
              <strong>{t(`form.auditActions.${entry.action}`, { defaultValue: entry.action })}</strong>{' '}
              {t('form.historyBy', { user: entry.userName || t('form.unknownUser') })}{' '}
              <time dateTime={entry.at}>{dateTimeText(entry.at, format)}</time>
            </div>
            {changes.length > 0 && (
              <table className="table table-sm mb-0 mt-1">
                <thead>
                  <tr>
                    <th scope="col">{t('form.historyField')}</th>
                    <th scope="col">{t('form.historyBefore')}</th>
                    <th scope="col">{t('form.historyAfter')}</th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map(([name, change]) => {
                    const field = fieldOf(name);
                    return (
                      <tr key={name}>
                        <th scope="row" className="fw-normal">
                          {field ? fieldLabel(t, entity.name, field) : name}
                        </th>
                        <td>{shown(field, change.before)}</td>
                        <td>{shown(field, change.after)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </li>
        );
      })}
    </ol>
  );
}
