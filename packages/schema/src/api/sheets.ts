/**
 * Spreadsheet jobs: an import's or export's state as `DataExporter/status/{jobId}` (and the job lists)
 * answer it, read by the importer and exporter screens and every list's Export.
 */

/** A job's state as the sheet screens show it (the job queue's `done` reads `succeeded`). */
export const SHEET_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type SheetJobStatus = (typeof SHEET_JOB_STATUSES)[number];

/** One problem of a sheet: its row number as the spreadsheet shows it, the column header, the message. */
export interface SheetRowError {
  row: number;
  column: string;
  message: string;
}

/** What an import has done (or, validating, would do), as its run leaves it in the job. */
export interface SheetCounts {
  total: number;
  processed: number;
  /** Rows written (commit) or that would be written (validate). */
  inserted: number;
  updated: number;
  unchanged: number;
  errorCount: number;
  errors: SheetRowError[];
  committed: boolean;
}

export interface SheetJob extends SheetCounts {
  jobId: number;
  kind: 'import' | 'export';
  status: SheetJobStatus;
  /** 0–100. */
  progress: number;
  message: string | null;
  createdAt: string;
  /** In the job lists: the export procedure or import type. */
  name?: string;
}
