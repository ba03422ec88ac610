import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiEnvelope } from '@backroom/schema';
import { dataApi, type ApiRow } from '../data/api';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { SaveAlerts, SaveButton } from './SaveBar';
import { serverMessage } from '../screens/errorText';
import { translateMessage } from '../i18n/serverMessages';
import type { SingleScreenProps } from '../screens/webModule';

const NAME = 'membershipintegrationsettings';
const KEY = ['single', NAME];
const DIRECTIONS = ['import', 'export', 'both'] as const;

interface Values {
  provider: string;
  endpoint: string;
  apiKey: string;
  syncDirection: string;
  enabled: boolean;
}

interface TestResult {
  ok: boolean;
  status: number | null;
  latencyMs: number;
  message: string;
}

const valuesOf = (row: ApiRow | undefined): Values => ({
  provider: String(row?.provider ?? ''),
  endpoint: String(row?.endpoint ?? ''),
  apiKey: String(row?.apiKey ?? ''),
  syncDirection: String(row?.syncDirection ?? 'both'),
  enabled: row?.enabled === true,
});

/** The inputs that show their own server message. */
const INPUTS = ['provider', 'endpoint'] as const;

/** A field error of the server's answer, by field name. */
const fieldError = (error: unknown, field: string) =>
  (error as { response?: { data?: Partial<ApiEnvelope> } } | null)?.response?.data?.errors?.find(
    (e) => e.field === field,
  )?.message;

/**
 * `membershipintegrationsettings`: the loyalty provider's connection — provider, endpoint, API key
 * (kept encrypted by the server and only ever shown masked), sync direction, on or off — and a
 * connection test with what the form holds.
 */
export default function MembershipIntegrationScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ids = { provider: useId(), endpoint: useId(), apiKey: useId(), direction: useId(), enabled: useId() };
  const stored = useQuery({
    queryKey: KEY,
    queryFn: async () =>
      (await dataApi.fetch(NAME, { Skip: 0, Take: 1, sorts: [{ ColumnName: 'id', Direction: 'asc' }] })).rows[0] ??
      null,
  });
  const [values, setValues] = useState<Values>(valuesOf(undefined));
  const [dirty, setDirty] = useState(false);
  // The form takes the stored row as it arrives, in the same render: set in an effect, the form
  // was painted empty once first (and a test, or a quick hand, could read or type into that).
  const [shownRow, setShownRow] = useState<typeof stored.data>(undefined);
  if (stored.data !== undefined && stored.data !== shownRow) {
    setShownRow(stored.data);
    setValues(valuesOf(stored.data ?? undefined));
  }

  const save = useMutation({
    mutationFn: (v: Values) =>
      stored.data
        ? dataApi.update(NAME, { id: stored.data.id, version: stored.data.version, ...v })
        : dataApi.insert(NAME, v),
    onSuccess: (row) => {
      queryClient.setQueryData(KEY, row);
      setDirty(false);
    },
  });
  const test = useMutation({
    mutationFn: async (v: Values) => {
      const { http } = await import('../api/http');
      return (
        await http.post<ApiEnvelope<TestResult>>('/api/membershipintegration/TestConnection', {
          endpoint: v.endpoint,
          apiKey: v.apiKey,
        })
      ).data.data;
    },
  });
  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setDirty(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values);
  };
  const error = (field: string) => {
    const message = fieldError(save.error, field) ?? (field === 'endpoint' ? fieldError(test.error, field) : undefined);
    return message ? translateMessage(t, message) : undefined;
  };
  const readOnly = !item.ableToEdit;
  if (stored.isPending) return <Spinner />;

  const input = (name: 'provider' | 'endpoint', type = 'text') => (
    <div className="mb-3">
      <label htmlFor={ids[name]} className={`form-label${name === 'provider' ? ' required' : ''}`}>
        {t(`membershipIntegration.${name}`)}
      </label>
      <input
        id={ids[name]}
        type={type}
        aria-required={name === 'provider' || undefined}
        aria-invalid={error(name) ? true : undefined}
        aria-describedby={error(name) ? `${ids[name]}-error` : undefined}
        className={`form-control${error(name) ? ' is-invalid' : ''}`}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
      />
      {error(name) && (
        <div id={`${ids[name]}-error`} className="invalid-feedback">
          {error(name)}
        </div>
      )}
    </div>
  );

  return (
    <TitledCard titleId="membershipintegration-title" title={t('membershipIntegration.title')}>
      {stored.isError && (
        <FormAlert>{translateMessage(t, serverMessage(stored.error) ?? String(stored.error))}</FormAlert>
      )}
      {readOnly && <p className="text-body-secondary">{t('membershipIntegration.readOnly')}</p>}
      <form onSubmit={submit} noValidate>
        {/* A refusal naming a field is shown beside it, once; the alert is for the rest. */}
        <SaveAlerts
          save={{ ...save, isError: save.isError && !INPUTS.some((name) => fieldError(save.error, name)) }}
          saved={t('membershipIntegration.saved')}
          dirty={dirty}
        />
        <fieldset disabled={readOnly}>
          {input('provider')}
          {input('endpoint', 'url')}
          <div className="mb-3">
            <label htmlFor={ids.apiKey} className="form-label">
              {t('membershipIntegration.apiKey')}
            </label>
            <input
              id={ids.apiKey}
              type="password"
              autoComplete="off"
              className={`form-control${error('apiKey') ? ' is-invalid' : ''}`}
              value={values.apiKey}
              onChange={(e) => set('apiKey', e.target.value)}
            />
            <div className="form-text">{t('membershipIntegration.apiKeyHint')}</div>
          </div>
          <div className="mb-3">
            <label htmlFor={ids.direction} className="form-label">
              {t('membershipIntegration.syncDirection')}
            </label>
            <select
              id={ids.direction}
              className="form-select"
              value={values.syncDirection}
              onChange={(e) => set('syncDirection', e.target.value)}
            >
              {DIRECTIONS.map((d) => (
                <option key={d} value={d}>
                  {t(`membershipIntegration.directions.${d}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="form-check mb-3">
            <input
              id={ids.enabled}
              type="checkbox"
              className="form-check-input"
              checked={values.enabled}
              onChange={(e) => set('enabled', e.target.checked)}
            />
            <label htmlFor={ids.enabled} className="form-check-label">
              {t('membershipIntegration.enabled')}
            </label>
          </div>
          <div className="d-flex gap-2">
            <SaveButton pending={save.isPending} />
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={test.isPending}
              onClick={() => test.mutate(values)}
            >
              {test.isPending ? t('membershipIntegration.testing') : t('membershipIntegration.test')}
            </button>
          </div>
        </fieldset>
      </form>
      {test.data && (
        <div className="mt-3">
          <FormAlert
            tone={test.data.ok ? 'success' : 'danger'}
          >{`${test.data.message} (${test.data.latencyMs} ms)`}</FormAlert>
        </div>
      )}
      {test.isError && !fieldError(test.error, 'endpoint') && (
        <div className="mt-3">
          <FormAlert>{translateMessage(t, serverMessage(test.error) ?? String(test.error))}</FormAlert>
        </div>
      )}
    </TitledCard>
  );
}
