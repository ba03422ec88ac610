import { entities, findEntity, type NormalisedEntity } from '@backroom/schema';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstantText } from '../data/useValueFormat';
import { http } from '../api/http';
import type { ApiEnvelope } from '@backroom/schema';
import type { SingleScreenProps } from '../screens/webModule';
import type { SheetJob } from '@backroom/schema';
import { saveFile, sheetsApi, waitForJob } from '../api/sheets';
import { JobProgress } from './JobProgress';
import { enumLabel, fieldLabel } from '../fields/format';
import { registryText } from '../i18n/registryText';
import { AppliedTemporalInput } from '../fields/AppliedTemporalInput';

interface Parameter {
  name: string;
  label: string;
  kind: string;
  values?: readonly string[];
}

const procedures = entities.filter((e) => e.exportProcedure).map((e) => ({ value: e.exportProcedure!, entity: e }));

/** The entity an export procedure (`EXP_Product`, `entity:product`) or an import type (`product`) is about. */
const entityOfJob = (name: string): NormalisedEntity | undefined =>
  procedures.find((p) => p.value.toLowerCase() === name.toLowerCase())?.entity ??
  findEntity(name.replace(/^entity:/, ''));

/** A job as a person names it: "Export: Products", never the procedure's name. */
const jobName = (t: TFunction, job: SheetJob) => {
  const entity = entityOfJob(job.name ?? '');
  return t(job.kind === 'export' ? 'sheets.exportOf' : 'sheets.importOf', {
    what: entity ? registryText(t, entity.label) : (job.name ?? ''),
  });
};

/** The data exporter: pick a procedure, fill its parameters, run it, follow it, download; the caller's recent jobs. */
export default function DataExporterScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  const when = useInstantText();
  const [procedure, setProcedure] = useState(procedures[0]?.value ?? '');
  const [parameters, setParameters] = useState<Parameter[]>([]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [job, setJob] = useState<SheetJob | null>(null);
  const [running, setRunning] = useState(false);
  const [current, setCurrent] = useState<number | null>(null);
  const [failure, setFailure] = useState('');
  const [recent, setRecent] = useState<SheetJob[]>([]);

  const loadRecent = () => sheetsApi.jobs().then(setRecent, () => setRecent([]));
  useEffect(() => void loadRecent(), []);
  useEffect(() => {
    setValues({});
    if (!procedure) return;
    http.get<ApiEnvelope<{ parameters: Parameter[] }>>(`/api/AppModule/GetExportParameters/${procedure}`).then(
      (response) =>
        setParameters(
          response.data.data.parameters.filter((p) => ['text', 'enum', 'boolean', 'date', 'number'].includes(p.kind)),
        ),
      () => setParameters([]),
    );
  }, [procedure]);

  // Labels and values in the user's words, from the registry field the parameter filters on.
  const exported = procedures.find((p) => p.value === procedure)?.entity;
  const fieldOf = (p: Parameter) => exported?.fields.find((f) => f.name === p.name);
  const valueText = (p: Parameter, value: string) => {
    if (p.kind === 'boolean') return t(value === 'true' ? 'common.yes' : 'common.no');
    const field = fieldOf(p);
    return field ? enumLabel(t, field, value) : value;
  };

  const run = async () => {
    setRunning(true);
    setFailure('');
    try {
      const { jobId } = await sheetsApi.exportList(procedure, {
        parameters: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')),
      });
      setCurrent(jobId);
      const finished = await waitForJob(jobId, setJob);
      if (finished.status === 'cancelled') setFailure(t('sheetsJobs.exportCancelled'));
      else if (finished.status !== 'succeeded') setFailure(t('sheets.exportFailed'));
      else saveFile(await sheetsApi.exported(jobId));
    } catch {
      setFailure(t('sheets.exportFailed'));
    } finally {
      setRunning(false);
      setCurrent(null);
      void loadRecent();
    }
  };

  return (
    <section className="card" aria-labelledby="screen-title">
      <div className="card-body">
        <h2 id="screen-title" className="h4">
          {item.name}
        </h2>
        <div className="row g-2 mb-3">
          <div className="col-md-4">
            <label htmlFor="export-procedure" className="form-label">
              {t('sheets.procedure')}
            </label>
            <select
              id="export-procedure"
              className="form-select"
              value={procedure}
              onChange={(event) => setProcedure(event.target.value)}
            >
              {procedures.map((p) => (
                <option key={p.value} value={p.value}>
                  {registryText(t, p.entity.label)}
                </option>
              ))}
            </select>
          </div>
          {parameters.map((p) => (
            <div className="col-md-4" key={p.name}>
              <label htmlFor={`param-${p.name}`} className="form-label">
                {fieldOf(p) ? fieldLabel(t, exported!.name, fieldOf(p)!) : registryText(t, p.label)}
              </label>
              {p.kind === 'enum' || p.kind === 'boolean' ? (
                <select
                  id={`param-${p.name}`}
                  className="form-select"
                  value={values[p.name] ?? ''}
                  onChange={(event) => setValues({ ...values, [p.name]: event.target.value })}
                >
                  <option value="">{t('sheets.any')}</option>
                  {(p.kind === 'boolean' ? ['true', 'false'] : (p.values ?? [])).map((v) => (
                    <option key={v} value={v}>
                      {valueText(p, v)}
                    </option>
                  ))}
                </select>
              ) : p.kind === 'date' ? (
                <AppliedTemporalInput
                  id={`param-${p.name}`}
                  className="form-control"
                  value={values[p.name] ?? ''}
                  onApply={(value) => setValues({ ...values, [p.name]: value })}
                />
              ) : (
                <input
                  id={`param-${p.name}`}
                  className="form-control"
                  type="text"
                  value={values[p.name] ?? ''}
                  onChange={(event) => setValues({ ...values, [p.name]: event.target.value })}
                />
              )}
            </div>
          ))}
        </div>
        <button
          type="button"
          className="btn btn-primary mb-3"
          disabled={running || !procedure}
          onClick={() => void run()}
        >
          {t('sheets.run')}
        </button>
        {running && (
          <JobProgress
            job={job?.jobId === current ? job : null}
            label={t('sheets.exporting')}
            onCancel={
              current === null
                ? undefined
                : () => sheetsApi.cancel(current).catch(() => setFailure(t('sheets.exportFailed')))
            }
          />
        )}
        {failure && (
          <div className="alert alert-danger" role="alert">
            {failure}
          </div>
        )}
        <h3 className="h6 mt-3">{t('sheets.recentJobs')}</h3>
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">{t('sheets.job')}</th>
              <th scope="col">{t('sheets.status')}</th>
              <th scope="col">{t('sheets.when')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {recent.map((j) => (
              <tr key={j.jobId}>
                <td>{jobName(t, j)}</td>
                <td>{t(`sheets.statuses.${j.status}`, { defaultValue: j.status })}</td>
                <td>{when(j.createdAt)}</td>
                <td>
                  {j.status === 'succeeded' && (
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0"
                      onClick={() =>
                        (j.kind === 'export' ? sheetsApi.exported(j.jobId) : sheetsApi.result(j.jobId)).then(
                          saveFile,
                          () => setFailure(t('sheets.exportFailed')),
                        )
                      }
                    >
                      {t('sheets.download')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
