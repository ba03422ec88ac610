import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useInstantText } from '../data/useValueFormat';
import { useParams } from 'react-router-dom';
import { dataApi } from '../data/api';
import type { EntityFormProps } from '../screens/webModule';
import { useErrorText } from '../screens/errorText';
import { FormScreen } from '../screens/FormScreen';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';

/** How often the statuses are asked for while a terminal has not answered yet. */
export const STATUS_POLL_MS = 5000;

interface TerminalStatus {
  pointOfSale: number;
  pointOfSaleLabel?: string;
  status: 'pending' | 'delivered' | 'done' | 'failed';
  updatedOn: string | null;
  message: string | null;
}

const answered = (s: TerminalStatus) => s.status === 'done' || s.status === 'failed';

/**
 * An app command's form, and below it (once saved) each target terminal's status, asked for again
 * until every terminal has acknowledged it: pending → delivered (fetched) → done or failed.
 */
export default function AppCommandForm(props: EntityFormProps) {
  const params = useParams();
  const id = props.mode === 'edit' ? Number(params.id) : undefined;
  return (
    <>
      <FormScreen {...props} hiddenFields={['terminalStatuses']} />
      {id !== undefined && Number.isSafeInteger(id) && id > 0 ? (
        <CommandStatuses entity={props.entity.name} command={id} />
      ) : null}
    </>
  );
}

function CommandStatuses({ entity, command }: { entity: string; command: number }) {
  const { t } = useTranslation();
  const when = useInstantText();
  const errorText = useErrorText();
  const statuses = useQuery({
    queryKey: ['terminals', 'commandStatuses', command],
    queryFn: async ({ signal }) => {
      const { rows } = await dataApi.fetch(
        entity,
        { Skip: 0, Take: 1, filters: [{ ColumnName: 'id', ColumnValue: command, Operator: 'EQ' }] },
        signal,
      );
      return (rows[0]?.terminalStatuses as TerminalStatus[] | undefined) ?? [];
    },
    refetchInterval: (query) => (query.state.data?.every(answered) ? false : STATUS_POLL_MS),
  });
  const rows = statuses.data ?? [];
  return (
    <TitledCard titleId="command-statuses-title" title={t('terminals.command.title')} className="mt-3">
      {statuses.error ? <FormAlert>{errorText(statuses.error)}</FormAlert> : null}
      {statuses.isPending ? (
        <Spinner />
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle" aria-labelledby="command-statuses-title">
            <thead>
              <tr>
                <th scope="col">{t('terminals.command.terminal')}</th>
                <th scope="col">{t('terminals.command.status')}</th>
                <th scope="col">{t('terminals.command.updatedOn')}</th>
                <th scope="col">{t('terminals.command.message')}</th>
              </tr>
            </thead>
            <tbody aria-live="polite">
              {rows.map((s) => (
                <tr key={s.pointOfSale}>
                  <td>{s.pointOfSaleLabel ?? s.pointOfSale}</td>
                  <td>{t(`terminals.command.state.${s.status}`)}</td>
                  <td>{when(s.updatedOn)}</td>
                  <td>{s.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TitledCard>
  );
}
