import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetJob } from '@backroom/schema';
import { waitForJob } from '../api/sheets';
import { sheetMessage } from './sheetMessages';

/**
 * After a committed import whose products have image URLs: the job downloading them, followed to
 * its end — how many images were stored, and each URL that was not with its reason (the import
 * itself never fails for an image).
 */
export function ImageFetch({ jobId }: { jobId: number }) {
  const { t, i18n } = useTranslation();
  const [job, setJob] = useState<SheetJob | null>(null);
  useEffect(() => {
    let live = true;
    void waitForJob(jobId, (status) => live && setJob(status), 1000).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [jobId]);
  const images = job?.images;
  if (!job || job.status === 'queued' || job.status === 'running' || !images)
    return (
      <p className="small text-body-secondary" role="status">
        {t('sheets.images.fetching')}
      </p>
    );
  return (
    <div className={`alert ${images.failedCount > 0 ? 'alert-warning' : 'alert-info'}`} role="status">
      {t('sheets.images.fetched', { count: images.fetched })}
      {images.skipped > 0 && ` ${t('sheets.images.skipped', { count: images.skipped })}`}
      {images.failedCount > 0 && (
        <>
          {` ${t('sheets.images.failed', { count: images.failedCount })}`}
          <ul className="mb-0 small">
            {images.failed.slice(0, 20).map((f, i) => (
              <li key={`${f.product}-${i}`}>
                {f.product}: {f.url} — {sheetMessage(t, i18n.language, f.message)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
