import { z } from 'zod';
import { rowIdNumber } from '../ids';
import type { FieldGroup } from '../registry/field-groups';

/** Request bodies of /api/Authentication/*, validated alike by the server and the forms. */
export const MIN_PASSWORD_LENGTH = 8;

const userName = z.string().trim().min(1, 'User name is required').max(100, 'User name is too long');
const secret = z.string().min(1, 'Password is required').max(200, 'Password is too long');
const otp = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code');
export const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password is too long');

export const loginRequest = z.object({ userName, password: secret });
export const validateOtpRequest = z.object({ otpToken: z.string().min(1).max(2000), otp });
export const refreshTokenRequest = z.object({
  accessToken: z.string().min(1).max(4000),
  refreshToken: z.string().min(1).max(200),
});
export const requestResetPasswordRequest = z.object({ userName });
export const validateResetPasswordOtpRequest = z.object({ userName, otp, newPassword });
export const changePasswordRequest = z.object({ currentPassword: secret, newPassword });
/** Turning two-factor sign-in on asks for the password too: a stolen access token alone cannot lock the owner out. */
export const enableOtpRequest = z.object({ otp, password: secret });
export const disableOtpRequest = z.object({ password: secret });

export type LoginRequest = z.infer<typeof loginRequest>;
export type ValidateOtpRequest = z.infer<typeof validateOtpRequest>;
export type RefreshTokenRequest = z.infer<typeof refreshTokenRequest>;
export type RequestResetPasswordRequest = z.infer<typeof requestResetPasswordRequest>;
export type ValidateResetPasswordOtpRequest = z.infer<typeof validateResetPasswordOtpRequest>;
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface UserInfo {
  userId: number;
  userName: string;
  displayName: string;
  role: string;
  email?: string | null;
  otpEnabled: boolean;
  mustChangePassword: boolean;
  /**
   * The field groups (registry `field-groups.ts`) the user's role may view; only `Me` answers it.
   * The console asks for it with the menu and hides the fields of every other group.
   */
  fieldGroups?: FieldGroup[];
}

export interface LoginResponse {
  requireOtp: boolean;
  otpToken?: string;
  token?: TokenPair;
  userInfo?: UserInfo;
}

export interface RefreshTokenResponse {
  token: TokenPair;
}

/** Answer of /api/authentication/SetupOtp: the secret to scan before EnableOtp confirms it. */
export interface OtpSetupResponse {
  secret: string;
  otpauthUrl: string;
}

/** A sign-in provider of /api/PublicDataRepository/procedure/getsaml. */
export const samlProvider = z.object({ name: z.string(), loginUrl: z.string() });
export type SamlProvider = z.infer<typeof samlProvider>;

/** A row of `GET /api/user/Locked` (the `lockeduser` screen); unlock with `POST /api/user/Unlock {userId}`. */
export interface LockedUserDto {
  userId: number;
  userName: string;
  displayName: string;
  failureCount: number;
  /** ISO timestamp. */
  lockedUntil: string;
}

/** Body of `POST /api/user/Unlock`, `RevokeSessions` and `ResetOtp`. */
export const userIdRequest = z.object({ userId: rowIdNumber });

/** Body of `POST /api/user/SetActive`; disabling ends the user's sessions. */
export const setUserActiveRequest = z.object({ userId: rowIdNumber, isActive: z.boolean() });
