import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH, type FieldError } from '@backroom/schema';

/** The 3,000 highest-ranked entries of zxcvbn's common password list, lower-cased. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  dictionary['passwords-common'].slice(0, 3000).map((p) => p.toLowerCase()),
);

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

/** The policy for new passwords; existing ones (the demo users') are not re-checked. */
export function newPasswordProblem(password: string, field = 'newPassword'): FieldError | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { field, message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` };
  }
  if (isCommonPassword(password)) return { field, message: 'This password is too common' };
  return null;
}

/** A new password (ChangePassword, a reset by code) that equals the current one. */
export const samePasswordProblem: FieldError = { field: 'newPassword', message: 'The new password must differ from the current one' };
