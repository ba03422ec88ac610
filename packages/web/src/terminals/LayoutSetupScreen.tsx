import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getEntity } from '@backroom/schema';
import { dataApi, type ApiRow } from '../data/api';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { serverMessage } from '../screens/errorText';
import { translateMessage } from '../i18n/serverMessages';
import type { SingleScreenProps } from '../screens/webModule';
import { RowForm } from './RowForm';

const NAME = 'layoutsetup';
const KEY = ['data', NAME, 'all'];

/** A preview of the till's screen: the cart panel beside the keys, at the layout's sizes. */
function Preview({ row }: { row: ApiRow }) {
  const { t } = useTranslation();
  const cart = Number(row.cartPanelPercent ?? 40);
  const scale = Number(row.fontScale ?? 1);
  const size = { small: 28, medium: 40, large: 56 }[String(row.buttonSize ?? 'medium')] ?? 40;
  return (
    <figure
      className="border rounded p-2 d-flex gap-2 mb-0"
      style={{ height: 140, fontSize: `${0.75 * scale}rem` }}
      aria-label={t('terminals.layout.preview')}
    >
      <div className="bg-body-secondary rounded p-1" style={{ width: `${cart}%` }}>
        {t('terminals.layout.cart')}
      </div>
      <div className="d-flex flex-wrap gap-1 align-content-start" style={{ width: `${100 - cart}%` }}>
        {Array.from({ length: 8 }, (_, i) => (
          <span key={i} className="bg-primary-subtle rounded d-inline-block" style={{ width: size, height: size }} />
        ))}
      </div>
    </figure>
  );
}

/**
 * `layoutsetup`: the till screen's layout per outlet (cart panel width, button size, font scale),
 * the row without an outlet serving every outlet without its own; each with a preview.
 */
export default function LayoutSetupScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const layouts = useQuery({
    queryKey: KEY,
    queryFn: async () =>
      (await dataApi.fetch(NAME, { Skip: 0, Take: 200, sorts: [{ ColumnName: 'id', Direction: 'asc' }] })).rows,
  });
  const entity = getEntity(NAME);
  const reload = () => {
    setAdding(false);
    void queryClient.invalidateQueries({ queryKey: KEY });
  };
  const rows = layouts.data ?? [];
  return (
    <TitledCard
      titleId="layoutsetup-title"
      title={item.name}
      actions={
        item.ableToEdit && !adding ? (
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            <i className="bi bi-plus-lg" aria-hidden="true" /> {t('terminals.layout.add')}
          </button>
        ) : undefined
      }
    >
      {layouts.isError && (
        <FormAlert>{translateMessage(t, serverMessage(layouts.error) ?? String(layouts.error))}</FormAlert>
      )}
      {layouts.isPending && <Spinner />}
      {!layouts.isPending && rows.length === 0 && !adding && (
        <p className="text-body-secondary">{t('terminals.layout.none')}</p>
      )}
      {adding && (
        <section className="border rounded p-3 mb-3" aria-label={t('terminals.layout.new')}>
          <h3 className="h6">{t('terminals.layout.new')}</h3>
          <RowForm entity={entity} canEdit onSaved={reload} />
        </section>
      )}
      {rows.map((row) => (
        <section
          key={`${String(row.id)}:${String(row.version)}`}
          className="border rounded p-3 mb-3"
          aria-label={String(row.outletLabel ?? t('terminals.layout.everyOutlet'))}
        >
          <h3 className="h6">{String(row.outletLabel ?? t('terminals.layout.everyOutlet'))}</h3>
          <div className="row g-3">
            <div className="col-lg-8">
              <RowForm entity={entity} row={row} canEdit={item.ableToEdit} onSaved={reload} />
            </div>
            <div className="col-lg-4">
              <Preview row={row} />
            </div>
          </div>
        </section>
      ))}
    </TitledCard>
  );
}
