import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getEntity } from '@backroom/schema';
import { dataApi } from '../data/api';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { serverMessage } from '../screens/errorText';
import { translateMessage } from '../i18n/serverMessages';
import type { SingleScreenProps } from '../screens/webModule';
import { RowForm } from './RowForm';

const NAME = 'posterminalsettings';
const KEY = ['single', NAME];

/** `posterminalsettings`: the one row of settings every terminal receives with its catalogue (rounding, receipts, offline selling, shifts, discounts, idle lock). */
export default function TerminalSettingsScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: KEY,
    queryFn: async () =>
      (await dataApi.fetch(NAME, { Skip: 0, Take: 1, sorts: [{ ColumnName: 'id', Direction: 'asc' }] })).rows[0] ??
      null,
  });
  return (
    <TitledCard titleId="posterminalsettings-title" title={item.name}>
      {stored.isError && (
        <FormAlert>{translateMessage(t, serverMessage(stored.error) ?? String(stored.error))}</FormAlert>
      )}
      {stored.isPending ? (
        <Spinner />
      ) : (
        <>
          <p className="text-body-secondary">{t('terminals.settings.help')}</p>
          <RowForm
            entity={getEntity(NAME)}
            row={stored.data ?? undefined}
            canEdit={item.ableToEdit}
            onSaved={(row) => queryClient.setQueryData(KEY, row)}
          />
        </>
      )}
    </TitledCard>
  );
}
