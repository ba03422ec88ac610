import { useTranslation } from 'react-i18next';
import { useInstantText } from '../data/useValueFormat';
import { useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntityFormProps } from '../screens/webModule';
import { useErrorText } from '../screens/errorText';
import { FormScreen } from '../screens/FormScreen';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { onlineApi } from './api';

/** How often the log asks for new attempts while it is open. */
export const LOG_POLL_MS = 10_000;

/** A webhook's form, and below it (once saved) its delivery log with Redeliver on each delivery. */
export default function WebhookForm(props: EntityFormProps) {
  const params = useParams();
  const id = props.mode === 'edit' ? Number(params.id) : undefined;
  return (
    <>
      <FormScreen {...props} />
      {id !== undefined && Number.isSafeInteger(id) && id > 0 ? (
        <DeliveryLog webhook={id} canRedeliver={props.item.ableToEdit} />
      ) : null}
    </>
  );
}

export function DeliveryLog({ webhook, canRedeliver }: { webhook: number; canRedeliver: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const log = useQuery({
    queryKey: ['online', 'deliveries', webhook],
    queryFn: () => onlineApi.deliveries(webhook),
    refetchInterval: LOG_POLL_MS,
  });
  const redeliver = useMutation({
    mutationFn: (delivery: number) => onlineApi.redeliver(webhook, delivery),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['online', 'deliveries', webhook] }),
  });
  const when = useInstantText();
  const rows = log.data ?? [];
  return (
    <TitledCard titleId="webhook-log-title" title={t('online.log.title')} className="mt-3">
      {redeliver.error ? <FormAlert>{errorText(redeliver.error)}</FormAlert> : null}
      {log.error ? <FormAlert>{errorText(log.error)}</FormAlert> : null}
      {log.isPending ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className="mb-0">{t('online.log.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle" aria-labelledby="webhook-log-title">
            <thead>
              <tr>
                <th scope="col">{t('online.log.event')}</th>
                <th scope="col">{t('online.log.status')}</th>
                <th scope="col">{t('online.log.attempts')}</th>
                <th scope="col">{t('online.log.code')}</th>
                <th scope="col">{t('online.log.duration')}</th>
                <th scope="col">{t('online.log.lastAttempt')}</th>
                <th scope="col">{t('online.log.answer')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('online.log.redeliver')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id}>
                  <td>{d.event}</td>
                  <td>{t(`online.log.state.${d.status}`)}</td>
                  <td>{d.attempts ?? 0}</td>
                  <td>{d.responseStatus ?? '—'}</td>
                  <td>{d.durationMs === null ? '' : t('online.log.ms', { count: d.durationMs })}</td>
                  <td>{when(d.lastAttemptAt)}</td>
                  <td className="text-truncate" style={{ maxWidth: '20rem' }} title={d.responseBody ?? ''}>
                    {d.responseBody}
                  </td>
                  <td>
                    {canRedeliver ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary"
                        disabled={redeliver.isPending}
                        onClick={() => redeliver.mutate(d.id)}
                      >
                        {t('online.log.redeliver')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TitledCard>
  );
}
