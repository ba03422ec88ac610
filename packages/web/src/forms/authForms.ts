import { z } from 'zod';
import {
  changePasswordRequest,
  disableOtpRequest,
  enableOtpRequest,
  loginRequest,
  requestResetPasswordRequest,
  validateOtpRequest,
  validateResetPasswordOtpRequest,
} from '@backroom/schema';

/** Form schemas: the shared request schemas, plus confirmation fields checked on this side only. */
export const PASSWORDS_DIFFER = 'Passwords do not match';

const confirmed = (value: { newPassword: string; confirmPassword: string }) =>
  value.newPassword === value.confirmPassword;

export const loginForm = loginRequest;
export const otpForm = validateOtpRequest.pick({ otp: true });
export const requestResetForm = requestResetPasswordRequest;
export const resetPasswordForm = validateResetPasswordOtpRequest
  .omit({ userName: true })
  .extend({ confirmPassword: z.string() })
  .refine(confirmed, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export const changePasswordForm = changePasswordRequest
  .extend({ confirmPassword: z.string() })
  .refine(confirmed, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export const enableOtpForm = enableOtpRequest;
export const disableOtpForm = disableOtpRequest;
