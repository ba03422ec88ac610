import {
  SCALED_KINDS,
  type FetchFilter,
  type FetchRequest,
  type NormalisedEntity,
  type NormalisedField,
} from '@backroom/schema';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** What the list shows, kept in the address: `?page=2&size=25&sort=-code&q=milk&f.name=abc&f.price.min=1`. */
export interface ListState {
  /** 1-based. */
  page: number;
  size: number;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
  search: string;
  /** Filter values by key: `name`, `sellingPrice.min`, `sellingPrice.max`. */
  filters: Record<string, string>;
}

const FILTER = 'f.';

export function readListState(params: URLSearchParams, entity: NormalisedEntity, defaultSize: number): ListState {
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const size = Number.parseInt(params.get('size') ?? '', 10) || defaultSize;
  const sortText = params.get('sort');
  const sort = sortText
    ? { field: sortText.replace(/^-/, ''), direction: sortText.startsWith('-') ? ('desc' as const) : ('asc' as const) }
    : entity.defaultSort;
  const filters: Record<string, string> = {};
  for (const [key, value] of params)
    if (key.startsWith(FILTER) && value !== '') filters[key.slice(FILTER.length)] = value;
  return { page, size: size > 0 ? Math.min(size, 1000) : defaultSize, sort, search: params.get('q') ?? '', filters };
}

export function writeListState(state: ListState, entity: NormalisedEntity, defaultSize: number): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.size !== defaultSize) params.set('size', String(state.size));
  const isDefaultSort =
    state.sort &&
    state.sort.field === entity.defaultSort.field &&
    state.sort.direction === entity.defaultSort.direction;
  if (state.sort && !isDefaultSort)
    params.set('sort', `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}`);
  if (state.search) params.set('q', state.search);
  for (const [key, value] of Object.entries(state.filters)) if (value !== '') params.set(`${FILTER}${key}`, value);
  return params;
}

export type FilterKind = 'text' | 'select' | 'range' | 'none';

/** How a column is filtered: text → LIKE, choices → EQ, numbers and dates → GTE/LTE. */
export function filterKindOf(field: NormalisedField): FilterKind {
  if (!field.filterable) return 'none';
  if (field.kind === 'text' || field.kind === 'longtext') return 'text';
  if (field.kind === 'enum' || field.kind === 'boolean' || field.kind === 'reference' || field.kind === 'listvalue')
    return 'select';
  if (
    field.kind === 'number' ||
    SCALED_KINDS.has(field.kind) ||
    field.kind === 'date' ||
    field.kind === 'datetime' ||
    field.kind === 'time'
  )
    return 'range';
  return 'none';
}

/** The fetch body of a list state; `fixed` filters (the list-value category) always apply. */
export function toFetchRequest(state: ListState, entity: NormalisedEntity, fixed: FetchFilter[] = []): FetchRequest {
  const filters: FetchFilter[] = [...fixed];
  for (const field of entity.fields) {
    const kind = filterKindOf(field);
    if (kind === 'text' && state.filters[field.name])
      filters.push({ ColumnName: field.name, ColumnValue: state.filters[field.name], Operator: 'LIKE' });
    if (kind === 'select' && state.filters[field.name]) {
      const raw = state.filters[field.name]!;
      const value =
        field.kind === 'boolean'
          ? raw === 'true'
          : field.kind === 'reference' || field.kind === 'listvalue'
            ? Number(raw)
            : raw;
      filters.push({ ColumnName: field.name, ColumnValue: value, Operator: 'EQ' });
    }
    if (kind === 'range') {
      const min = state.filters[`${field.name}.min`];
      const max = state.filters[`${field.name}.max`];
      if (min) filters.push({ ColumnName: field.name, ColumnValue: min, Operator: 'GTE' });
      if (max) filters.push({ ColumnName: field.name, ColumnValue: max, Operator: 'LTE' });
    }
  }
  return {
    Skip: (state.page - 1) * state.size,
    Take: state.size,
    filters,
    sorts: state.sort
      ? [{ ColumnName: state.sort.field, Direction: state.sort.direction === 'desc' ? 'DESC' : 'ASC' }]
      : [],
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
  };
}
