import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allowedOutlets } from '../../data/access';
import { validationError } from '../../http/envelope';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date: yyyy-mm-dd');

/** A sales report's body: a period of days (`from`, `to`, both included) and optionally one outlet. */
export const reportPeriod = z.object({ from: day, to: day, outlet: z.number().int().positive().optional() });

/**
 * The outlets a report over `body` reads: the one it names, else every one the caller may see
 * (empty: every outlet). A period ending before it starts, or an outlet not the caller's, is a 400.
 */
export async function reportOutlets(body: z.infer<typeof reportPeriod>, request: FastifyRequest): Promise<number[]> {
  if (body.to < body.from) throw validationError([{ field: 'to', message: 'To may not be before from' }]);
  const allowed = await allowedOutlets(request);
  if (body.outlet !== undefined && allowed.length > 0 && !allowed.includes(body.outlet))
    throw validationError([{ field: 'outlet', message: 'Not one of your outlets' }]);
  return body.outlet !== undefined ? [body.outlet] : allowed;
}
