import { z } from 'zod';
import type { JobKind } from '../../jobs/kinds';
import { purgeExpired } from './purge';
import { SEND_RESET_CODE, sendResetCode } from './reset';

const HOUR = 60 * 60 * 1000;

/** The name asked for and the asker's address; none when run by hand (`jobs/Run`), which then mails nobody. */
const resetCodePayload = z
  .object({ userName: z.string().min(1).max(100), ip: z.string().max(64).nullable() })
  .nullable();

/** Background work of sign-in: reset mails off the request path, and the hourly purge of expired rows. */
export const authJobKinds: Record<string, JobKind> = {
  [SEND_RESET_CODE]: {
    privilege: { screen: 'user', action: 'edit' },
    run: async ({ ctx, payload }) => {
      const request = resetCodePayload.parse(payload);
      return request ? sendResetCode(ctx, request) : { sent: false };
    },
  },
  purgeExpiredSignIns: {
    privilege: { screen: 'user', action: 'edit' },
    everyMs: HOUR,
    run: ({ ctx }) => purgeExpired(ctx),
  },
};
