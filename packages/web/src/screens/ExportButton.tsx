import type { FetchRequest } from '@backroom/schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile, sheetsApi, waitForJob } from '../api/sheets';

/**
 * Exports exactly what a list shows (its filters, sorts and quick search) through its menu item's
 * export procedure; the chosen rows alone when the filter names their ids.
 */
export function ExportButton({
  procedure,
  body,
  label,
  className = 'btn btn-outline-secondary',
}: {
  procedure: string;
  body: Pick<FetchRequest, 'filters' | 'sorts' | 'search'>;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { jobId } = await sheetsApi.exportList(procedure, {
        filters: body.filters,
        sorts: body.sorts,
        search: body.search,
      });
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
      <button type="button" className={className} disabled={busy} onClick={() => void run()}>
        <i className="bi bi-file-earmark-spreadsheet" aria-hidden="true" />{' '}
        {busy ? t('sheets.exporting') : (label ?? t('sheets.export'))}
      </button>
      {failed && (
        <span className="text-danger align-self-center" role="alert">
          {t('sheets.exportFailed')}
        </span>
      )}
    </>
  );
}
