import type {
  ApiEnvelope,
  AuditChanges,
  CompanyFormat,
  DropdownItemDto,
  FetchRequest,
  FieldError,
  NormalisedField,
  PaletteHit,
} from '@backroom/schema';
import axios, { type AxiosRequestConfig } from 'axios';
import { webRoot } from '../config/webRoot';

/** One row as the DataRepository answers it: fields by name, `id`, `version`, `{reference}Label`. */
export type ApiRow = Record<string, unknown> & { id?: number; version?: number };

export interface Option {
  label: string;
  value: string | number;
}

export interface FetchAnswer {
  rows: ApiRow[];
  totalCount: number;
  /** More rows matched than the server counts: totalCount is a lower bound. */
  capped: boolean;
}

export interface AuditEntry {
  id?: number;
  at: string;
  userName: string | null;
  action: 'insert' | 'update' | 'delete' | string;
  changes: AuditChanges | null;
}

const REPO = '/api/DataRepository';
const client = async () => (await import('../api/http')).http;
const enc = encodeURIComponent;

async function post<T>(url: string, body: unknown, config?: AxiosRequestConfig) {
  return (await (await client()).post<ApiEnvelope<T>>(url, body, config)).data;
}

export const dataApi = {
  fetch: async (name: string, body: FetchRequest, signal?: AbortSignal): Promise<FetchAnswer> => {
    const envelope = await post<ApiRow[]>(`${REPO}/fetch/${enc(name)}`, body, { signal });
    const rows = Array.isArray(envelope.data) ? envelope.data : [];
    return { rows, totalCount: envelope.totalCount ?? rows.length, capped: envelope.totalCountCapped === true };
  },
  fields: async (name: string): Promise<NormalisedField[]> => {
    const envelope = (await (await client()).get<ApiEnvelope<NormalisedField[]>>(`${REPO}/fields/${enc(name)}`)).data;
    return Array.isArray(envelope.data) ? envelope.data : [];
  },
  insert: async (name: string, row: unknown) => (await post<ApiRow>(`${REPO}/Insert/${enc(name)}`, row)).data,
  update: async (name: string, row: unknown) => (await post<ApiRow>(`${REPO}/Update/${enc(name)}`, row)).data,
  /** One transaction: every row is saved or none is (a failing row is named by its index: `errors[].field` = `{index}.{field}`). */
  bulkUpdate: async (name: string, rows: readonly ApiRow[]) =>
    (await post<ApiRow[]>(`${REPO}/bulkupdate/${enc(name)}`, rows)).data,
  remove: async (name: string, ids: readonly number[]) =>
    (await post<unknown>(`${REPO}/Execute/${enc(name)}`, { action: 'delete', ids })).data,
  audit: async (name: string, id: number): Promise<AuditEntry[]> =>
    (
      await dataApi.fetch('auditlog', {
        Skip: 0,
        Take: 200,
        filters: [
          { ColumnName: 'entity', ColumnValue: name, Operator: 'EQ' },
          { ColumnName: 'rowId', ColumnValue: id, Operator: 'EQ' },
        ],
        sorts: [{ ColumnName: 'at', Direction: 'DESC' }],
      })
    ).rows as unknown as AuditEntry[],
  /**
   * `GetDropDown/{entity}`: active rows matching `search`, or with `ids` exactly those rows (active or
   * not); `where` narrows by reference fields, each by id or code (`{ category: 'BRAND' }`).
   */
  dropdown: async (
    entity: string,
    search = '',
    take = 20,
    signal?: AbortSignal,
    narrow: { ids?: readonly number[]; where?: Record<string, string> } = {},
  ): Promise<Option[]> => {
    const envelope = (
      await (
        await client()
      ).get<ApiEnvelope<DropdownItemDto[]>>(`/api/AppModule/GetDropDown/${enc(entity)}`, {
        params: { search: search || undefined, Take: take, ids: narrow.ids?.join(','), ...narrow.where },
        signal,
      })
    ).data;
    return (Array.isArray(envelope.data) ? envelope.data : []).map((o) => ({ label: String(o.text), value: o.value }));
  },
  /** `GET /api/Search?q=…`: records of every entity the command palette searches that the caller may see. */
  search: async (q: string, signal?: AbortSignal): Promise<PaletteHit[]> => {
    const envelope = (await (await client()).get<ApiEnvelope<PaletteHit[]>>('/api/Search', { params: { q }, signal }))
      .data;
    return Array.isArray(envelope.data) ? envelope.data : [];
  },
  /** `GET /api/company/Format`: the base currency and time zone values are shown in. */
  companyFormat: async (): Promise<CompanyFormat> =>
    (await (await client()).get<ApiEnvelope<CompanyFormat>>('/api/company/Format')).data.data,
  /** `POST {origin}/upload/{base path}[/{folder}]`, multipart field `file` → the stored path. */
  upload: async (file: File, folder?: string): Promise<{ fileName: string; url: string }> => {
    const base = webRoot.basePath.replace(/^\//, '');
    const url = `${window.location.origin}/upload/${[base, folder].filter(Boolean).join('/')}`;
    const form = new FormData();
    form.append('file', file);
    const answer = (
      await (
        await client()
      ).post<{ fileName: string; url: string } | ApiEnvelope<{ fileName: string; url: string }>>(url, form)
    ).data;
    return 'url' in answer ? answer : answer.data;
  },
};

/** What a failed call tells the user: status, field errors and the message. */
export interface ApiFailure {
  status: number;
  message: string;
  errors: FieldError[];
}

export function apiFailure(error: unknown): ApiFailure {
  if (axios.isAxiosError(error)) {
    const body = error.response?.data as Partial<ApiEnvelope> | undefined;
    return {
      status: error.response?.status ?? 0,
      message: (body && typeof body.message === 'string' && body.message) || error.message,
      errors: Array.isArray(body?.errors) ? body.errors : [],
    };
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error), errors: [] };
}
