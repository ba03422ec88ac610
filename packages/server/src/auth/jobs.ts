import { z } from 'zod';
import type { JobKind } from '../jobs/kinds';
import { purgeExpired } from './purge';
import { SEND_RESET_CODE, sendResetCode } from './reset';

const HOUR = 60 * 60 * 1000;

const resetCodePayload = z.object({ userName: z.string().min(1).max(100), ip: z.string().max(64).nullable() });

/** Background work of sign-in: reset mails off the request path, and the hourly purge of expired rows. */
export const authJobKinds: Record<string, JobKind> = {
  [SEND_RESET_CODE]: {
    // Queued by RequestResetPassword with the name asked for; run by hand it has nobody to mail.
    privilege: { screen: 'user', action: 'edit' },
    run: ({ ctx, payload }) => sendResetCode(ctx, resetCodePayload.parse(payload)),
  },
  purgeExpiredSignIns: {
    privilege: { screen: 'user', action: 'edit' },
    everyMs: HOUR,
    run: ({ ctx }) => purgeExpired(ctx),
  },
};
