import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SETTING_GROUP, SETTING_KINDS, settingValueProblem } from '@backroom/schema';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { useErrorText } from '../screens/errorText';
import { translateMessage } from '../i18n/serverMessages';
import { appSettingsApi, type AppSettingRow } from './api';

const KEY = ['appsettings'];

/** Values typed but not saved, by row id; new links get negative ids until saved. */
type Edits = Record<number, { key: string; value: string }>;

/**
 * The app settings (the keys the console reads, each input by its kind) and the top-menu links (text and
 * address; added and removed here), saved together: removals, then the changed rows all or none,
 * then the new links. The server checks every value again.
 */
export function AppSettings({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const rows = useQuery({ queryKey: KEY, queryFn: appSettingsApi.list });
  const [edits, setEdits] = useState<Edits>({});
  const [removed, setRemoved] = useState<number[]>([]);
  const [added, setAdded] = useState<number[]>([]);
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [nextId, setNextId] = useState(-1);

  const save = useMutation({
    mutationFn: async (changes: {
      removed: number[];
      updated: AppSettingRow[];
      added: { key: string; value: string }[];
    }) => {
      if (changes.removed.length > 0) await appSettingsApi.remove(changes.removed);
      if (changes.updated.length > 0)
        await appSettingsApi.update(
          changes.updated.map(({ id, version, key, value }) => ({ id, version, key, value })),
        );
      for (const link of changes.added)
        await appSettingsApi.add({
          group: SETTING_GROUP.topMenu,
          key: link.key,
          value: link.value,
          description: 'Top menu link',
        });
    },
    // The user menu shows the links at once.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ['topMenu'] }),
      ]),
    onSuccess: () => {
      setEdits({});
      setRemoved([]);
      setAdded([]);
    },
  });

  if (rows.isPending) return <Spinner />;
  if (rows.isError) return <FormAlert>{errorText(rows.error)}</FormAlert>;
  const all = rows.data;
  const current = (row: AppSettingRow) => edits[row.id] ?? { key: row.key, value: row.value };
  const general = all.filter((r) => r.group === SETTING_GROUP.general);
  const links = [
    ...all.filter((r) => r.group === SETTING_GROUP.topMenu && !removed.includes(r.id)),
    ...added.map((id): AppSettingRow => ({
      id,
      version: 0,
      group: SETTING_GROUP.topMenu,
      key: '',
      value: '',
      description: null,
    })),
  ];
  const dirty = Object.keys(edits).length > 0 || removed.length > 0 || added.length > 0;
  const edit = (row: AppSettingRow, change: Partial<{ key: string; value: string }>) =>
    setEdits((e) => ({ ...e, [row.id]: { ...current(row), ...change } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<number, string> = {};
    for (const row of [...general, ...links]) {
      const { key, value } = current(row);
      const problem =
        row.group === SETTING_GROUP.topMenu && key.trim() === ''
          ? 'Text is required'
          : settingValueProblem(row.group, row.key || 'link', value.trim());
      if (problem) found[row.id] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const updated = all
      .filter((r) => r.id in edits && !removed.includes(r.id))
      .map((r) => ({ ...r, key: edits[r.id]!.key.trim(), value: edits[r.id]!.value.trim() }));
    save.mutate({
      removed,
      updated,
      added: added.map((id) => ({ key: (edits[id]?.key ?? '').trim(), value: (edits[id]?.value ?? '').trim() })),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="appsettings-title">
      <h3 id="appsettings-title" className="h5 mt-4">
        {t('singles.appSettings.title')}
      </h3>
      {save.isSuccess && !dirty && <FormAlert tone="success">{t('singles.appSettings.saved')}</FormAlert>}
      {save.isError && <FormAlert>{errorText(save.error)}</FormAlert>}
      <fieldset disabled={readOnly || save.isPending}>
        {general.map((row) => (
          <SettingInput
            key={row.id}
            row={row}
            value={current(row).value}
            problem={problems[row.id]}
            onChange={(value) => edit(row, { value })}
          />
        ))}
        <fieldset className="mb-3">
          <legend className="h6">{t('singles.appSettings.links')}</legend>
          <p className="form-text mt-0">{t('singles.appSettings.linksHelp')}</p>
          {links.length === 0 && <p className="text-body-secondary">{t('singles.appSettings.noLinks')}</p>}
          {links.map((row, i) => (
            <LinkRow
              key={row.id}
              n={i + 1}
              link={current(row)}
              problem={problems[row.id]}
              onChange={(change) => edit(row, change)}
              onRemove={() =>
                row.id < 0 ? setAdded((a) => a.filter((id) => id !== row.id)) : setRemoved((r) => [...r, row.id])
              }
            />
          ))}
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => {
              setAdded((a) => [...a, nextId]);
              setNextId((n) => n - 1);
            }}
          >
            <i className="bi bi-plus-lg" aria-hidden="true" /> {t('singles.appSettings.addLink')}
          </button>
        </fieldset>
        {!readOnly && (
          <button type="submit" className="btn btn-primary" disabled={save.isPending || !dirty}>
            {t('singles.appSettings.save')}
          </button>
        )}
      </fieldset>
    </form>
  );
}

function SettingInput({
  row,
  value,
  problem,
  onChange,
}: {
  row: AppSettingRow;
  value: string;
  problem?: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const kind = SETTING_KINDS[row.key];
  const describedBy = [`${id}-key`, problem ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t(`singles.appSettings.keys.${row.key}`, { defaultValue: row.description ?? row.key })}
      </label>
      <input
        id={id}
        type={kind === 'address' ? 'url' : 'text'}
        inputMode={kind === 'rows' ? 'numeric' : undefined}
        className={`form-control ${problem ? 'is-invalid' : ''}`}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <div id={`${id}-key`} className="form-text">
        <code>{row.key}</code>
      </div>
      {problem && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {translateMessage(t, problem)}
        </div>
      )}
    </div>
  );
}

function LinkRow({
  n,
  link,
  problem,
  onChange,
  onRemove,
}: {
  n: number;
  link: { key: string; value: string };
  problem?: string;
  onChange(change: Partial<{ key: string; value: string }>): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="row g-2 align-items-start mb-2">
      <div className="col-sm-4">
        <label htmlFor={`${id}-text`} className="visually-hidden">
          {t('singles.appSettings.linkText', { n })}
        </label>
        <input
          id={`${id}-text`}
          className="form-control"
          placeholder={t('singles.appSettings.text')}
          value={link.key}
          onChange={(event) => onChange({ key: event.target.value })}
        />
      </div>
      <div className="col-sm-6">
        <label htmlFor={`${id}-route`} className="visually-hidden">
          {t('singles.appSettings.linkAddress', { n })}
        </label>
        <input
          id={`${id}-route`}
          className={`form-control ${problem ? 'is-invalid' : ''}`}
          placeholder={t('singles.appSettings.address')}
          value={link.value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => onChange({ value: event.target.value })}
        />
        {problem && (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {translateMessage(t, problem)}
          </div>
        )}
      </div>
      <div className="col-sm-2">
        <button
          type="button"
          className="btn btn-outline-danger"
          aria-label={t('singles.appSettings.removeLink', { n })}
          onClick={onRemove}
        >
          <i className="bi bi-trash" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
