import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetJob } from '@backroom/schema';

/** A job's progress bar, with a Cancel button while the job can still be stopped. */
export function JobProgress({
  job,
  label,
  onCancel,
}: {
  job: SheetJob | null;
  label: string;
  onCancel?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState(false);
  const progress = job?.progress ?? 0;
  return (
    <div className="mb-3 d-flex gap-2 align-items-center">
      <div
        className="progress flex-grow-1"
        role="progressbar"
        aria-label={label}
        aria-valuenow={progress}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className="progress-bar progress-bar-striped progress-bar-animated"
          style={{ width: `${Math.max(progress, 5)}%` }}
        >
          {progress}%
        </div>
      </div>
      {onCancel && (
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          disabled={cancelling}
          onClick={() => {
            setCancelling(true);
            void onCancel().finally(() => setCancelling(false));
          }}
        >
          {t('sheetsJobs.cancel')}
        </button>
      )}
    </div>
  );
}
