import { isMaskedSecret } from '@backroom/schema';
import { z } from 'zod';
import { rowAction, type EntityHook } from '../../data/hooks';
import { ApiError, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { checkAddress } from '../membership/index';
import { typedDb } from '../../db/types';
import { queueAttempt, webhook } from './webhook-publish';

const MIN_SECRET = 16;

/**
 * Every write of a webhook: its address must be a web address, not a private or loopback one
 * unless ALLOW_PRIVATE_TARGETS (names are resolved and checked again at each delivery); a new one needs a secret of 16 characters or more;
 * switching it back on starts its failure count again.
 */
export const webhookRules: EntityHook = {
  async beforeWrite({ ctx, trx, action, id, row }) {
    if (action === 'delete') return;
    if (typeof row.url === 'string' && row.url !== '') checkAddress(row.url, ctx.config.allowPrivateTargets, 'url');
    const secret = row.secret;
    const sent = typeof secret === 'string' && secret !== '' && !isMaskedSecret(secret);
    if (action === 'insert' && !sent)
      throw validationError([
        { field: 'secret', message: 'Secret is required: the receiver checks signatures with it' },
      ]);
    if (sent && secret.length < MIN_SECRET)
      throw validationError([{ field: 'secret', message: `Secret must be at least ${MIN_SECRET} characters` }]);
    if (row.enabled !== true || id === null) return;
    const stored = await typedDb(trx).selectFrom('webhook').select('enabled').where('id', '=', id).executeTakeFirst();
    if (stored && !stored.enabled) return { consecutive_failures: 0 };
  },
};

const redeliverBody = z.object({ delivery: z.number({ error: 'Give the delivery to send again' }).int().positive() });

/**
 * `Execute/webhook {action: "redeliver", ids: [webhook], delivery}`: the delivery (whatever its
 * status) is sent again now, with the retries of a new delivery.
 */
export const redeliver = rowAction(
  z.object({ delivery: z.number().int(), status: z.literal('pending') }),
  async (call) => {
    const { delivery: id } = parseBody(redeliverBody, call.body);
    if (call.ids.length !== 1) throw validationError([{ field: 'ids', message: 'Give the id of one webhook' }]);
    const db = typedDb(call.trx);
    const hook = await db
      .selectFrom('webhook')
      .select(['id', 'enabled'])
      .where('id', '=', call.ids[0]!)
      .executeTakeFirst();
    if (!hook) throw new ApiError(404, `${webhook.label}: no row ${call.ids[0]}`);
    const result = await db
      .updateTable('webhook_delivery')
      .set((eb) => ({
        status: 'pending',
        attempts: 0,
        next_attempt_at: call.now,
        version: eb('version', '+', 1),
        updated_at: call.now,
        updated_by: call.auth.userName,
      }))
      .where('id', '=', id)
      .where('webhook_id', '=', call.ids[0]!)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      throw validationError([{ field: 'delivery', message: `Delivery ${id} is not one of this webhook's` }]);
    if (!hook.enabled)
      throw new ApiError(409, 'The webhook is switched off: switch it on to redeliver', [
        { field: 'enabled', message: 'Switched off' },
      ]);
    await queueAttempt(call.trx, id, new Date(call.now));
    return { delivery: id, status: 'pending' as const };
  },
);
