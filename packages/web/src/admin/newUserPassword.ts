import { newPassword } from '@backroom/schema';

/** The problem of a new user's first password; none when blank (no password until it is reset). */
export const firstPasswordProblem = (value: unknown) =>
  value === undefined || value === null || value === ''
    ? undefined
    : newPassword.safeParse(value).error?.issues[0]?.message;
