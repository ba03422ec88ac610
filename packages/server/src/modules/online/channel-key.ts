import { createHash, timingSafeEqual } from 'node:crypto';
import { isMaskedSecret } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import type { EntityHook } from '../../data/hooks';
import { revealer } from '../../data/store';
import { ApiError, validationError } from '../../http/envelope';

/** The header an online channel sends its order key in. */
export const CHANNEL_KEY_HEADER = 'x-channel-key';
const MIN_KEY = 16;

export interface ChannelCaller {
  id: number;
  code: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The active channel whose order key the request carries, else 401. Keys are kept encrypted (a
 * secret field); each active channel's key is compared by its SHA-256 digest in constant time, and
 * every channel is compared, so the time taken says nothing about which key came close.
 */
export async function channelOfRequest(request: FastifyRequest): Promise<ChannelCaller> {
  const sent = request.headers[CHANNEL_KEY_HEADER];
  if (typeof sent !== 'string' || sent.length < MIN_KEY || sent.length > 500)
    throw new ApiError(401, 'Send the channel’s order key in the X-Channel-Key header');
  const reveal = revealer(request.server.ctx);
  const rows = await request.server.ctx.db
    .selectFrom('online_sales_channel')
    .select(['id', 'code', 'order_key'])
    .where('is_active', '=', true)
    .where('order_key', 'is not', null)
    .execute();
  const wanted = digest(sent);
  let found: ChannelCaller | undefined;
  for (const row of rows) {
    const key = reveal(String(row.order_key));
    if (key !== '' && timingSafeEqual(digest(key), wanted)) found ??= { id: row.id, code: String(row.code) };
  }
  if (!found) throw new ApiError(401, 'Unknown channel order key');
  return found;
}

/** A channel's order key, when one is set, is long enough not to be guessed. */
export const channelKeyRules: EntityHook = {
  async beforeWrite({ action, row }) {
    const key = row.orderKey;
    if (action === 'delete' || typeof key !== 'string' || key === '' || isMaskedSecret(key)) return;
    if (key.length < MIN_KEY)
      throw validationError([{ field: 'orderKey', message: `Order key must be at least ${MIN_KEY} characters` }]);
  },
};
