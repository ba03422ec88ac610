import { z } from 'zod';
import { rowIdNumber } from '../ids';
import { FIELD_GROUP_NAMES, type FieldGroup } from '../registry/field-groups';

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

export const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const userInfo = z.object({
  userId: z.number().int(),
  userName: z.string(),
  displayName: z.string(),
  role: z.string(),
  email: z.string().nullable().optional(),
  otpEnabled: z.boolean(),
  mustChangePassword: z.boolean(),
  /**
   * The field groups (registry `field-groups.ts`) the user's role may view; only `Me` answers it.
   * The console asks for it with the menu and hides the fields of every other group.
   */
  fieldGroups: z.array(z.enum(FIELD_GROUP_NAMES as [FieldGroup, ...FieldGroup[]])).optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Answer of Login and ValidateOtp: signed in, or (Login, two-factor on) the token ValidateOtp takes. */
export const loginResponse = z.object({
  requireOtp: z.boolean(),
  otpToken: z.string().optional(),
  token: tokenPair.optional(),
  userInfo: userInfo.optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshTokenResponse = z.object({ token: tokenPair });
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponse>;

/** Answer of ChangePassword: the new session of the user whose password changed. */
export const changePasswordResponse = z.object({ token: tokenPair, userInfo });

/** Answer of /api/authentication/SetupOtp: the secret to scan before EnableOtp confirms it. */
export const otpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type OtpSetupResponse = z.infer<typeof otpSetupResponse>;

/** A sign-in provider of /api/PublicDataRepository/procedure/getsaml. */
export const samlProvider = z.object({ name: z.string(), loginUrl: z.string() });
export type SamlProvider = z.infer<typeof samlProvider>;

/** A row of `GET /api/user/Locked` (the `lockeduser` screen); unlock with `POST /api/user/Unlock {userId}`. */
export const lockedUser = z.object({
  userId: z.number().int(),
  userName: z.string(),
  displayName: z.string(),
  failureCount: z.number().int(),
  /** ISO timestamp. */
  lockedUntil: z.string(),
});
export type LockedUserDto = z.infer<typeof lockedUser>;

/** Body of `POST /api/user/Unlock`, `RevokeSessions` and `ResetOtp`. */
export const userIdRequest = z.object({ userId: rowIdNumber });

/** Body of `POST /api/user/SetActive`; disabling ends the user's sessions. */
export const setUserActiveRequest = z.object({ userId: rowIdNumber, isActive: z.boolean() });
