import type { EntityHook } from '../../data/hooks';

/**
 * Not an argon2 hash, so no password matches it: an account created through the generic API has
 * no usable password until its owner sets one through the password reset.
 */
export const UNUSABLE_PASSWORD_HASH = '!';

/** The `user` entity's table also holds credentials the registry never exposes; a new row needs them set. */
export const userAccount: EntityHook = {
  async beforeWrite({ action }) {
    if (action === 'insert') return { password_hash: UNUSABLE_PASSWORD_HASH };
  },
};
