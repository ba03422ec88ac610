import type { SheetJob } from './api';

/** A job's progress bar. */
export function JobProgress({ job, label }: { job: SheetJob | null; label: string }) {
  const progress = job?.progress ?? 0;
  return (
    <div className="mb-3">
      <div className="progress" role="progressbar" aria-label={label} aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
        <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: `${Math.max(progress, 5)}%` }}>
          {progress}%
        </div>
      </div>
    </div>
  );
}
