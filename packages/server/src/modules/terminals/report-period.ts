import type { ReportPeriod } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { allowedOutlets } from '../../data/access';
import { validationError } from '../../http/envelope';

/**
 * The outlets a report over `body` reads: the one it names, else every one the caller may see
 * (empty: every outlet). A period ending before it starts, or an outlet not the caller's, is a 400.
 */
export async function reportOutlets(body: ReportPeriod, request: FastifyRequest): Promise<number[]> {
  if (body.to < body.from) throw validationError([{ field: 'to', message: 'To may not be before from' }]);
  const allowed = await allowedOutlets(request);
  if (body.outlet !== undefined && allowed.length > 0 && !allowed.includes(body.outlet))
    throw validationError([{ field: 'outlet', message: 'Not one of your outlets' }]);
  return body.outlet !== undefined ? [body.outlet] : allowed;
}
