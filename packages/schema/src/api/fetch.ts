import { z } from 'zod';
import { MAX_TAKE } from '../constants';
import { MAX_INT32 } from '../ids';

/** The DataRepository fetch body of DESIGN.md. */
export const OPERATORS = ['EQ', 'NEQ', 'LIKE', 'STARTSWITH', 'GT', 'GTE', 'LT', 'LTE', 'IN', 'BETWEEN', 'ISNULL', 'NOTNULL'] as const;
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
  sorts: z.array(z.object({ ColumnName: z.string().min(1).max(100), Direction: z.enum(['ASC', 'DESC', 'asc', 'desc']) })).max(10).optional(),
  search: z.string().max(200).optional(),
});

export type FetchFilter = z.infer<typeof fetchFilter>;
export type FetchRequest = z.infer<typeof fetchRequest>;
