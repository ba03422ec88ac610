import type { ApiEnvelope, BlankTemplateOption, FetchRequest, SheetJob, SheetMappingOffer } from '@backroom/schema';
import { http } from './http';
import { webRoot } from '../config/webRoot';

const legacy = (path: string) => `${webRoot.legacyBase}${path}`;
const data = async <T>(request: Promise<{ data: ApiEnvelope<T> }>) => (await request).data.data;

/** The file name the server gives in Content-Disposition, else the fallback. */
const fileNameOf = (headers: Record<string, unknown>, fallback: string) =>
  /filename="([^"]+)"/.exec(String(headers['content-disposition'] ?? ''))?.[1] ?? fallback;

async function blob(request: Promise<{ data: Blob; headers: Record<string, unknown> }>, fallback: string) {
  const response = await request;
  return { blob: response.data, name: fileNameOf(response.headers, fallback) };
}

/** The mapping a user confirmed: header → field (null: ignored) for a plain sheet, where tags go for a known source. */
export interface MappingChoice {
  mapping?: Record<string, string | null>;
  /** A known source's recognised mapping as the user edited it: its columns into other fields, or ignored. */
  sourceMapping?: Record<string, string | null>;
  tagsTo?: 'tags' | 'category';
}

export const sheetsApi = {
  options: (importType: string) =>
    data(
      http.get<ApiEnvelope<BlankTemplateOption[]>>(
        `/api/AppModule/GetBlankTemplateOption/${encodeURIComponent(importType)}`,
      ),
    ),
  template: (importType: string, option: string) =>
    blob(
      http.get<Blob>(
        legacy(`/DataExporter/ExportBlankTemplate/${encodeURIComponent(importType)}/${encodeURIComponent(option)}`),
        { responseType: 'blob' },
      ),
      'Template.xlsx',
    ),
  submit: (importType: string, file: File, mode: 'validate' | 'commit', choice: MappingChoice = {}) => {
    const form = new FormData();
    form.append('importType', importType);
    form.append('mode', mode);
    if (choice.mapping) form.append('mapping', JSON.stringify(choice.mapping));
    if (choice.sourceMapping) form.append('sourceMapping', JSON.stringify(choice.sourceMapping));
    if (choice.tagsTo) form.append('tagsTo', choice.tagsTo);
    form.append('file', file, file.name);
    return data(http.post<ApiEnvelope<{ jobId: number }>>(legacy('/DataImporter/SubmitDataImport'), form));
  },
  /** The mapping offered for a file's columns before it is checked; null for an image zip. */
  inspect: (importType: string, file: File) => {
    const form = new FormData();
    form.append('importType', importType);
    form.append('file', file, file.name);
    return data(http.post<ApiEnvelope<SheetMappingOffer | null>>(legacy('/DataImporter/InspectImport'), form));
  },
  status: (jobId: number) => data(http.get<ApiEnvelope<SheetJob>>(legacy(`/DataExporter/status/${jobId}`))),
  cancel: (jobId: number) => data(http.post<ApiEnvelope<SheetJob>>(legacy(`/DataExporter/cancel/${jobId}`), {})),
  result: (jobId: number) =>
    blob(
      http.post<Blob>(legacy('/DataImporter/DownloadResult'), { jobId }, { responseType: 'blob' }),
      'Export_Result.xlsx',
    ),
  exportList: (
    procedure: string,
    body: Pick<FetchRequest, 'filters' | 'sorts' | 'search'> & { parameters?: Record<string, unknown> },
  ) =>
    data(http.post<ApiEnvelope<{ jobId: number }>>(legacy('/dataexporter/submitdataexport'), { procedure, ...body })),
  exported: (jobId: number) =>
    blob(http.get<Blob>(legacy(`/DataExporter/download/${jobId}`), { responseType: 'blob' }), 'Export.xlsx'),
  jobs: () => data(http.get<ApiEnvelope<SheetJob[]>>(legacy('/DataExporter/jobs'))),
};

/** Offers a downloaded file to the browser under its name. */
export function saveFile({ blob: content, name }: { blob: Blob; name: string }): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

/** Polls a job until it finishes, reporting each status on the way. */
export async function waitForJob(jobId: number, onStatus: (job: SheetJob) => void, everyMs = 400): Promise<SheetJob> {
  for (;;) {
    const job = await sheetsApi.status(jobId);
    onStatus(job);
    if (FINISHED.has(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
