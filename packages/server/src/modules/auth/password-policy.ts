import { MIN_PASSWORD_LENGTH, type FieldError } from '@backroom/schema';
import { onFirstUse } from '../../on-first-use';

const language = onFirstUse<typeof import('@zxcvbn-ts/language-common')>('@zxcvbn-ts/language-common');
let common: ReadonlySet<string> | undefined;
/** The 3,000 highest-ranked entries of zxcvbn's common password list, lower-cased (read at the first password set). */
const commonPasswords = () =>
  (common ??= new Set(
    language()
      .dictionary['passwords-common'].slice(0, 3000)
      .map((p) => p.toLowerCase()),
  ));

export const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());

/** The policy for new passwords; existing ones (the demo users') are not re-checked. */
export function newPasswordProblem(password: string, field = 'newPassword'): FieldError | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { field, message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` };
  }
  if (isCommonPassword(password)) return { field, message: 'This password is too common' };
  return null;
}

/** A new password (ChangePassword, a reset by code) that equals the current one. */
export const samePasswordProblem: FieldError = {
  field: 'newPassword',
  message: 'The new password must differ from the current one',
};
