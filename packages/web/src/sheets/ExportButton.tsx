import type { FetchRequest } from '@backroom/schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile, sheetsApi, waitForJob } from './api';

/** Exports exactly what a list shows (its filters, sorts and quick search) through its menu item's export procedure. */
export function ExportButton({ procedure, body }: { procedure: string; body: FetchRequest }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { jobId } = await sheetsApi.exportList(procedure, { filters: body.filters, sorts: body.sorts, search: body.search });
      const job = await waitForJob(jobId, () => undefined);
      if (job.status !== 'succeeded') throw new Error(job.message ?? 'failed');
      saveFile(await sheetsApi.exported(jobId));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn-outline-secondary" disabled={busy} onClick={() => void run()}>
        <i className="bi bi-file-earmark-spreadsheet" aria-hidden="true" /> {busy ? t('sheets.exporting') : t('sheets.export')}
      </button>
      {failed && (
        <span className="text-danger align-self-center" role="alert">
          {t('sheets.exportFailed')}
        </span>
      )}
    </>
  );
}
