import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useInstantText } from '../data/useValueFormat';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { serverMessage } from '../screens/errorText';
import { translateMessage } from '../i18n/serverMessages';
import type { SingleScreenProps } from '../screens/webModule';
import { terminalsApi } from './api';

/** How often the screen asks again: a terminal's heartbeat shows within this. */
export const REFRESH_MS = 5000;

/**
 * `terminalstatus`: every terminal of the user's outlets — online or offline by the age of its last
 * heartbeat, paired or not, app version, last sync, transactions not yet sent — refreshed live.
 */
export default function TerminalStatusScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: ['terminals', 'status'],
    queryFn: terminalsApi.status,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const instant = useInstantText();
  const when = (iso: string | null) => (iso ? instant(iso) : '—');
  const terminals = status.data?.terminals ?? [];
  const online = terminals.filter((x) => x.online).length;

  return (
    <TitledCard titleId="terminalstatus-title" title={item.name}>
      {status.isError && (
        <FormAlert>{translateMessage(t, serverMessage(status.error) ?? String(status.error))}</FormAlert>
      )}
      {status.isPending ? (
        <Spinner />
      ) : (
        <>
          <p className="text-body-secondary" aria-live="polite">
            {t('terminals.status.summary', {
              online,
              total: terminals.length,
              minutes: status.data?.onlineMinutes ?? 5,
            })}
          </p>
          <div className="table-responsive">
            <table className="table table-sm align-middle" aria-label={item.name}>
              <thead>
                <tr>
                  <th scope="col">{t('terminals.status.terminal')}</th>
                  <th scope="col">{t('terminals.status.outlet')}</th>
                  <th scope="col">{t('terminals.status.state')}</th>
                  <th scope="col">{t('terminals.status.paired')}</th>
                  <th scope="col">{t('terminals.status.appVersion')}</th>
                  <th scope="col">{t('terminals.status.lastSeen')}</th>
                  <th scope="col">{t('terminals.status.lastSync')}</th>
                  <th scope="col" className="text-end">
                    {t('terminals.status.unsent')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {terminals.length === 0 && (
                  <tr>
                    <td colSpan={8} className="text-center text-body-secondary py-4">
                      {t('terminals.status.none')}
                    </td>
                  </tr>
                )}
                {terminals.map((x) => (
                  <tr key={x.id}>
                    <td>
                      {x.code} - {x.name}
                    </td>
                    <td>{x.outletName}</td>
                    <td>
                      <span className={`badge ${x.online ? 'text-bg-success' : 'text-bg-secondary'}`}>
                        {t(x.online ? 'terminals.status.online' : 'terminals.status.offline')}
                      </span>
                    </td>
                    <td>{t(x.paired ? 'common.yes' : 'common.no')}</td>
                    <td>{x.appVersion ?? '—'}</td>
                    <td>{when(x.lastSeenAt)}</td>
                    <td>{when(x.lastSyncAt)}</td>
                    <td className="text-end">{x.unsentTransactions ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </TitledCard>
  );
}
