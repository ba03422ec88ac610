import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { SingleScreenProps } from '../screens/webModule';
import { SHEET_ROW_ACTIONS, type SheetJob, type SheetMappingOffer, type SheetRowAction } from '@backroom/schema';
import { saveFile, sheetsApi, waitForJob, type MappingChoice } from '../api/sheets';
import { registryText } from '../i18n/registryText';
import { LoadFailed } from '../ui/LoadFailed';
import { ImageFetch } from './ImageFetch';
import { JobProgress } from './JobProgress';
import { MappingStep, needsNoQuestion, withTranslatedLabels } from './MappingStep';
import { MappingSummary } from './MappingSummary';
import { serverMessage } from '../screens/errorText';
import { sheetMessage } from './sheetMessages';

/** The server's first field message (a refused mapping names its column), else its message. */
const messageOf = (error: unknown) => serverMessage(error) ?? (error instanceof Error ? error.message : String(error));

type Phase = 'idle' | 'inspecting' | 'mapping' | 'validating' | 'validated' | 'importing' | 'done';

/** What the commit button says it will do: "Add 12, change 40 — 248 unchanged". */
function commitText(t: TFunction, job: SheetJob): string {
  const action =
    job.inserted > 0 && job.updated > 0
      ? t('sheets.commitAddChange', { inserted: job.inserted, updated: job.updated })
      : job.inserted > 0
        ? t('sheets.commitAdd', { inserted: job.inserted })
        : t('sheets.commitChange', { updated: job.updated });
  return job.unchanged > 0 ? t('sheets.commitUnchanged', { action, unchanged: job.unchanged }) : action;
}

const ACTION_KEYS: Record<SheetRowAction, string> = {
  insert: 'sheets.actionInsert',
  update: 'sheets.actionUpdate',
  unchanged: 'sheets.actionUnchanged',
};

/**
 * An importer (`importer/{kind}`): download the template, drop a file, see every problem by row and
 * column (filter by column), import only a clean file, follow the progress, read the summary and
 * download the rows with their results.
 */
export default function ImporterScreen({ item }: SingleScreenProps) {
  const { t, i18n } = useTranslation();
  const said = (error: unknown) => sheetMessage(t, i18n.language, messageOf(error));
  const importType = item.path.replace(/^\/?importer\//, '');
  // A failure opens the "Sorry," modal (the HTTP client); the screen says what is missing and offers a retry.
  const templates = useQuery({
    queryKey: ['templateOptions', importType],
    queryFn: () => sheetsApi.options(importType),
  });
  const [chosen, setOption] = useState('');
  const option = chosen || (templates.data?.[0]?.value ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [job, setJob] = useState<SheetJob | null>(null);
  const [running, setRunning] = useState<number | null>(null);
  const [failure, setFailure] = useState('');
  const [column, setColumn] = useState('');
  const [action, setAction] = useState<SheetRowAction | ''>('');
  const [dragging, setDragging] = useState(false);
  const [offer, setOffer] = useState<SheetMappingOffer | null>(null);
  const [choice, setChoice] = useState<MappingChoice>({});

  const run = async (chosen: File, mode: 'validate' | 'commit', mapping: MappingChoice = choice) => {
    setFailure('');
    setPhase(mode === 'validate' ? 'validating' : 'importing');
    try {
      const { jobId } = await sheetsApi.submit(importType, chosen, mode, mapping);
      setRunning(jobId);
      const finished = await waitForJob(jobId, setJob);
      if (finished.status === 'cancelled') setFailure(t('sheetsJobs.cancelled'));
      else if (finished.status !== 'succeeded')
        setFailure(finished.message ? sheetMessage(t, i18n.language, finished.message) : t('sheets.failed'));
      setPhase(mode === 'commit' && finished.committed ? 'done' : 'validated');
    } catch (error) {
      setFailure(said(error));
      setPhase('idle');
    } finally {
      setRunning(null);
    }
  };
  const cancel =
    running === null ? undefined : () => sheetsApi.cancel(running).catch((error: unknown) => setFailure(said(error)));

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setJob(null);
    setColumn('');
    setAction('');
    setOffer(null);
    setChoice({});
    setFailure('');
    setPhase('inspecting');
    // The mapping step: a file whose every column is a field's name or label is checked at once.
    sheetsApi.inspect(importType, chosen).then(
      (found) => {
        if (
          !found ||
          needsNoQuestion(
            found,
            withTranslatedLabels(found, (l) => registryText(t, l)),
          )
        )
          void run(chosen, 'validate', {});
        else {
          setOffer(found);
          setPhase('mapping');
        }
      },
      (error: unknown) => {
        setFailure(said(error));
        setPhase('idle');
      },
    );
  };
  const confirmMapping = (confirmed: MappingChoice) => {
    if (!file) return;
    setChoice(confirmed);
    void run(file, 'validate', confirmed);
  };

  const columns = useMemo(() => [...new Set((job?.errors ?? []).map((e) => e.column))], [job]);
  const shown = (job?.errors ?? []).filter((e) => column === '' || e.column === column);
  const busy = phase === 'validating' || phase === 'importing' || phase === 'inspecting';
  const clean = phase === 'validated' && job?.status === 'succeeded' && job.errorCount === 0;
  const changes = job ? job.inserted + job.updated : 0;
  const previewed = (job?.rows ?? []).filter((r) => action === '' || r.action === action);

  return (
    <section className="card" aria-labelledby="screen-title">
      <div className="card-body">
        <h2 id="screen-title" className="h4">
          {item.name}
        </h2>
        <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
          <div>
            <label htmlFor="template-option" className="form-label">
              {t('sheets.templateOption')}
            </label>
            <select
              id="template-option"
              className="form-select"
              value={option}
              onChange={(event) => setOption(event.target.value)}
            >
              {(templates.data ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.text}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={!option}
            onClick={() =>
              sheetsApi.template(importType, option).then(saveFile, (error: unknown) => setFailure(said(error)))
            }
          >
            <i className="bi bi-file-earmark-arrow-down" aria-hidden="true" /> {t('sheets.downloadTemplate')}
          </button>
        </div>
        {templates.isError && <LoadFailed message={t('sheets.templatesFailed')} onRetry={templates.refetch} />}

        <label
          htmlFor="sheet-file"
          className={`d-block border border-2 rounded p-4 text-center mb-3 ${dragging ? 'border-primary bg-light' : 'border-secondary-subtle'}`}
          style={{ borderStyle: 'dashed', cursor: 'pointer' }}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            choose(event.dataTransfer.files[0]);
          }}
        >
          <i className="bi bi-cloud-arrow-up fs-3 d-block" aria-hidden="true" />
          {file ? file.name : importType === 'imageproduct' ? t('sheetsJobs.dropZip') : t('sheets.dropFile')}
          <input
            id="sheet-file"
            type="file"
            className="visually-hidden"
            accept={importType === 'imageproduct' ? '.zip' : '.xlsx,.csv'}
            disabled={busy}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </label>

        {failure && (
          <div className="alert alert-danger" role="alert">
            {failure}
          </div>
        )}
        {phase === 'mapping' && offer && file && (
          <MappingStep
            offer={offer}
            fileName={file.name}
            onConfirm={confirmMapping}
            onCancel={() => {
              setPhase('idle');
              setFile(null);
              setOffer(null);
            }}
          />
        )}
        {job && !busy && <MappingSummary job={job} />}
        {busy && phase !== 'inspecting' && (
          <JobProgress
            job={job?.jobId === running ? job : null}
            label={phase === 'validating' ? t('sheets.validating') : t('sheets.importing')}
            onCancel={cancel}
          />
        )}

        {job && !busy && job.errorCount > 0 && (
          <div>
            <div className="d-flex gap-2 align-items-center mb-2">
              <p className="mb-0 text-danger" role="status">
                {t('sheets.errorsFound', { count: job.errorCount })}
              </p>
              <label htmlFor="error-column" className="visually-hidden">
                {t('sheets.filterColumn')}
              </label>
              <select
                id="error-column"
                className="form-select form-select-sm w-auto"
                value={column}
                onChange={(event) => setColumn(event.target.value)}
              >
                <option value="">{t('sheets.allColumns')}</option>
                {columns.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
            <table className="table table-sm" aria-label={t('sheets.errorTable')}>
              <thead>
                <tr>
                  <th scope="col">{t('sheets.row')}</th>
                  <th scope="col">{t('sheets.column')}</th>
                  <th scope="col">{t('sheets.message')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((e, i) => (
                  <tr key={`${e.row}-${e.column}-${i}`}>
                    <td>{e.row}</td>
                    <td>{e.column}</td>
                    <td>{sheetMessage(t, i18n.language, e.message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        {clean && file && (
          <div className="d-flex gap-2 align-items-center mb-2">
            <p className="mb-0" role="status">
              {changes > 0
                ? t('sheets.clean', { inserted: job!.inserted, updated: job!.updated, unchanged: job!.unchanged })
                : t('sheets.nothingChanges', { count: job!.unchanged })}
            </p>
            {changes > 0 && (
              <button type="button" className="btn btn-primary" onClick={() => void run(file, 'commit')}>
                {commitText(t, job!)}
              </button>
            )}
          </div>
        )}

        {job && !busy && job.errorCount === 0 && (job.rows?.length ?? 0) > 0 && (
          <div>
            <div className="d-flex gap-2 align-items-center mb-2">
              <label htmlFor="preview-action" className="form-label mb-0">
                {t('sheets.filterAction')}
              </label>
              <select
                id="preview-action"
                className="form-select form-select-sm w-auto"
                value={action}
                onChange={(event) => setAction(event.target.value as SheetRowAction | '')}
              >
                <option value="">{t('sheets.allActions')}</option>
                {SHEET_ROW_ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {t(ACTION_KEYS[a])}
                  </option>
                ))}
              </select>
              {(job.rowsLeftOut ?? 0) > 0 && (
                <span className="text-body-secondary small">{t('sheets.rowsLeftOut', { count: job.rowsLeftOut })}</span>
              )}
            </div>
            <table className="table table-sm" aria-label={t('sheets.previewTable')}>
              <thead>
                <tr>
                  <th scope="col">{t('sheets.row')}</th>
                  <th scope="col">{t('sheets.key')}</th>
                  <th scope="col">{t('sheets.action')}</th>
                  <th scope="col">{t('sheets.changes')}</th>
                </tr>
              </thead>
              <tbody>
                {previewed.map((r) => (
                  <tr key={`${r.row}-${r.key}`}>
                    <td>{r.row}</td>
                    <td>{r.key}</td>
                    <td>{t(ACTION_KEYS[r.action])}</td>
                    <td>
                      {r.changes.map((c) => (
                        <div key={c.field}>
                          <strong>{c.column}</strong>: {c.old === null ? t('sheets.blank') : String(c.old)} →{' '}
                          {c.new === null ? t('sheets.blank') : String(c.new)}
                        </div>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        {phase === 'done' && job && (
          <div className="alert alert-success" role="status">
            {t('sheets.summary', { inserted: job.inserted, updated: job.updated, unchanged: job.unchanged })}
          </div>
        )}
        {phase === 'done' && job?.imagesJob && <ImageFetch jobId={job.imagesJob} />}

        {job && !busy && job.kind === 'import' && (
          <button
            type="button"
            className="btn btn-link px-0"
            onClick={() => sheetsApi.result(job.jobId).then(saveFile, (error: unknown) => setFailure(said(error)))}
          >
            <i className="bi bi-download" aria-hidden="true" /> {t('sheets.downloadResult')}
          </button>
        )}
      </div>
    </section>
  );
}
