import { z } from 'zod';
import { MAX_TAKE } from '../constants';
import { MAX_INT32 } from '../ids';

/** The body of `POST /api/DataRepository/fetch/{name}`: paging, filters, sorts and search. */
export const OPERATORS = [
  'EQ',
  'NEQ',
  'LIKE',
  'STARTSWITH',
  'GT',
  'GTE',
  'LT',
  'LTE',
  'IN',
  'BETWEEN',
  'ISNULL',
  'NOTNULL',
] as const;
export type Operator = (typeof OPERATORS)[number];

export const fetchFilter = z.object({
  ColumnName: z.string().min(1).max(100),
  ColumnValue: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  Operator: z.string().min(1).max(20),
});

export const fetchRequest = z.object({
  Skip: z.number().int().min(0).max(MAX_INT32).optional(),
  Take: z.number().int().min(1).max(MAX_TAKE).optional(),
  filters: z.array(fetchFilter).max(50).optional(),
  sorts: z
    .array(z.object({ ColumnName: z.string().min(1).max(100), Direction: z.enum(['ASC', 'DESC', 'asc', 'desc']) }))
    .max(10)
    .optional(),
  search: z.string().max(200).optional(),
});

export type FetchFilter = z.infer<typeof fetchFilter>;
export type FetchRequest = z.infer<typeof fetchRequest>;

/** Records of each entity the command palette answers with, unless asked for fewer or more. */
export const PALETTE_TAKE = 5;

/** The command palette's search: `GET api/Search?q=…&take=…`. */
export const paletteQuery = z.object({
  q: z.string().trim().min(1, 'Type what to search for').max(100, 'At most 100 characters'),
  take: z.coerce.number().int().min(1).max(20).optional(),
});

/** One record the palette found: its entity, row id and title (the entity's dropdown label). */
export const paletteHit = z.object({ entity: z.string(), id: z.number().int(), title: z.string() });
export type PaletteHit = z.infer<typeof paletteHit>;
