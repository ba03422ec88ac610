import { useTranslation } from 'react-i18next';
import type { AuditChanges, NormalisedEntity } from '@backroom/schema';
import { apiFailure } from '../data/api';
import { useAudit } from '../data/hooks';
import { fieldLabel } from '../fields/format';

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

type Change = { before: unknown; after: unknown };

/** Each changed field of an entry with its value before and after (the server may send JSON text). */
function changesOf(changes: unknown): [string, Change][] {
  let value = changes;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!value || typeof value !== 'object') return [];
  const { before = {}, after = {} } = value as Partial<AuditChanges>;
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names.map((name) => [name, { before: before[name], after: after[name] }]);
}

/** The row's audit trail: who did what when, and each changed field from → to. */
export function HistoryTab({ entity, id }: { entity: NormalisedEntity; id: number }) {
  const { t, i18n } = useTranslation();
  const audit = useAudit(entity.name, id, true);
  if (audit.isPending)
    return (
      <p role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        {t('common.loading')}
      </p>
    );
  if (audit.isError) return <div className="alert alert-danger" role="alert">{t('form.historyFailed', { message: apiFailure(audit.error).message })}</div>;
  if (audit.data.length === 0) return <p className="text-body-secondary">{t('form.noHistory')}</p>;
  const labelOf = (name: string) => {
    const field = entity.fields.find((f) => f.name === name);
    return field ? fieldLabel(t, entity.name, field) : name;
  };
  return (
    <ol className="list-unstyled history" aria-label={t('form.tabs.history')}>
      {audit.data.map((entry, i) => {
        const at = new Date(entry.at);
        const changes = changesOf(entry.changes);
        return (
          <li key={entry.id ?? i} className="border-bottom pb-2 mb-2">
            <div>
              <strong>{t(`form.auditActions.${entry.action}`, { defaultValue: entry.action })}</strong>{' '}
              {t('form.historyBy', { user: entry.userName || t('form.unknownUser') })}{' '}
              <time dateTime={entry.at}>{Number.isNaN(at.getTime()) ? entry.at : at.toLocaleString(i18n.language)}</time>
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
                  {changes.map(([name, change]) => (
                    <tr key={name}>
                      <th scope="row" className="fw-normal">{labelOf(name)}</th>
                      <td>{shown(change?.before)}</td>
                      <td>{shown(change?.after)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </li>
        );
      })}
    </ol>
  );
}
