import {
  changePasswordRequest,
  disableOtpRequest,
  enableOtpRequest,
  loginRequest,
  refreshTokenRequest,
  requestResetPasswordRequest,
  validateOtpRequest,
  validateResetPasswordOtpRequest,
  type ApiEnvelope,
  type LoginResponse,
} from '@backroom/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { authenticate, requireAuth } from '../http/auth-guard';
import { ApiError, ok, validationError } from '../http/envelope';
import { ownEntry } from '../http/lookup';
import { parseBody } from '../http/validate';
import { clearFailures, lockedUntil, recordFailure, userKey } from './lockout';
import { decryptSecret, encryptSecret } from '../crypto/sealed';
import { acceptOtp, newOtpSecret } from './otp';
import { newPasswordProblem } from './password-policy';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { requestPasswordReset, resetPassword, RESET_REQUESTED_MESSAGE } from './reset';
import { revokeSession, revokeUserSessions, rotateRefreshToken, startSession } from './sessions';
import { signOtpToken, verifyOtpToken } from './tokens';
import { findUserById, findUserByName, toUserInfo, type UserRecord } from './users';

const invalidCredentials = () => new ApiError(401, 'Invalid user name or password');
const locked = () => new ApiError(423, 'Account is locked. Try again later.');
const wrongOtp = () => validationError([{ field: 'otp', message: 'The code is not valid' }], 'Invalid code');

const clientMeta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] ?? null, ip: request.ip });

async function completeSignIn(ctx: AppContext, user: UserRecord, request: FastifyRequest): Promise<LoginResponse> {
  await clearFailures(ctx.db, userKey(user.user_name));
  await ctx.db.updateTable('app_user').set({ last_login_at: new Date().toISOString() }).where('id', '=', user.id).execute();
  const token = await startSession(ctx, { id: user.id, role: user.role_name }, clientMeta(request));
  return { requireOtp: false, token, userInfo: toUserInfo(user) };
}

/** The TOTP secret in clear; unreadable only after the server secret changed (see config.ts). */
function readOtpSecret(request: FastifyRequest, stored: string): string {
  try {
    return decryptSecret(request.server.ctx.otpKey, stored);
  } catch (error) {
    request.log.error({ err: error }, 'TOTP secret cannot be decrypted; was JWT_SECRET changed?');
    throw new ApiError(409, 'Two-factor sign-in for this account cannot be checked. Ask an administrator to reset it.');
  }
}

async function currentUser(request: FastifyRequest): Promise<UserRecord> {
  const user = await findUserById(request.server.ctx.db, requireAuth(request).userId);
  if (!user) throw new ApiError(401, 'Unauthorized');
  return user;
}

async function login(request: FastifyRequest): Promise<ApiEnvelope<LoginResponse>> {
  const { db, jwtKey } = request.server.ctx;
  const body = parseBody(loginRequest, request.body);
  const key = userKey(body.userName);
  if (await lockedUntil(db, key)) throw locked();
  const user = await findUserByName(db, body.userName);
  let valid = false;
  if (user) valid = await verifyPassword(user.password_hash, body.password);
  else await verifyAgainstDummy(body.password);
  if (!user || !valid || !user.is_active) {
    await recordFailure(db, key);
    throw invalidCredentials();
  }
  if (user.otp_enabled) {
    return ok({ requireOtp: true, otpToken: await signOtpToken(jwtKey, user.id) }, 'Enter the code from your authenticator app');
  }
  return ok(await completeSignIn(request.server.ctx, user, request), 'Signed in');
}

async function validateOtp(request: FastifyRequest): Promise<ApiEnvelope<LoginResponse>> {
  const ctx = request.server.ctx;
  const body = parseBody(validateOtpRequest, request.body);
  const userId = await verifyOtpToken(ctx.jwtKey, body.otpToken);
  const user = userId === null ? undefined : await findUserById(ctx.db, userId);
  if (!user || !user.is_active || !user.otp_enabled || !user.otp_secret) {
    throw new ApiError(401, 'The sign-in has expired. Sign in again.');
  }
  const key = userKey(user.user_name);
  if (await lockedUntil(ctx.db, key)) throw locked();
  const step = acceptOtp(readOtpSecret(request, user.otp_secret), body.otp, user.otp_last_step);
  if (step === null) {
    await recordFailure(ctx.db, key);
    throw wrongOtp();
  }
  await ctx.db.updateTable('app_user').set({ otp_last_step: step }).where('id', '=', user.id).execute();
  return ok(await completeSignIn(ctx, user, request), 'Signed in');
}

async function refreshToken(request: FastifyRequest) {
  const body = parseBody(refreshTokenRequest, request.body);
  const token = await rotateRefreshToken(request.server.ctx, body.accessToken, body.refreshToken);
  return ok({ token }, 'Token refreshed');
}

async function requestResetPassword(request: FastifyRequest) {
  const body = parseBody(requestResetPasswordRequest, request.body);
  try {
    await requestPasswordReset(request.server.ctx, body.userName);
  } catch (error) {
    // The caller gets the same answer either way; a mail failure is the operator's to see.
    request.log.error({ err: error }, 'password reset request failed');
  }
  return ok(null, RESET_REQUESTED_MESSAGE);
}

async function validateResetPasswordOtp(request: FastifyRequest) {
  const body = parseBody(validateResetPasswordOtpRequest, request.body);
  await resetPassword(request.server.ctx, body);
  return ok(null, 'Your password has been reset. Sign in with the new password.');
}

async function changePassword(request: FastifyRequest) {
  const ctx = request.server.ctx;
  const body = parseBody(changePasswordRequest, request.body);
  const user = await currentUser(request);
  if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
    throw validationError([{ field: 'currentPassword', message: 'The current password is not correct' }]);
  }
  const problem = newPasswordProblem(body.newPassword);
  if (problem) throw validationError([problem]);
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db
    .updateTable('app_user')
    .set((eb) => ({
      password_hash: passwordHash,
      must_change_password: false,
      updated_at: new Date().toISOString(),
      updated_by: user.user_name,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', user.id)
    .execute();
  await revokeUserSessions(ctx.db, user.id, 'password changed');
  const token = await startSession(ctx, { id: user.id, role: user.role_name }, clientMeta(request));
  return ok({ token, userInfo: toUserInfo({ ...user, must_change_password: false }) }, 'Password changed');
}

async function logout(request: FastifyRequest) {
  await revokeSession(request.server.ctx.db, requireAuth(request).sessionId, 'logout');
  return ok(null, 'Signed out');
}

async function me(request: FastifyRequest) {
  return ok(toUserInfo(await currentUser(request)));
}

const otpAlreadyOn = () => new ApiError(409, 'Two-factor sign-in is already on. Turn it off first.');

async function setupOtp(request: FastifyRequest) {
  const ctx = request.server.ctx;
  const user = await currentUser(request);
  if (user.otp_enabled) throw otpAlreadyOn();
  const setup = newOtpSecret(user.user_name);
  await ctx.db
    .updateTable('app_user')
    .set({ otp_secret: encryptSecret(ctx.otpKey, setup.secret), otp_last_step: null })
    .where('id', '=', user.id)
    .execute();
  return ok(setup, 'Scan the code, then confirm with a code from the app');
}

async function enableOtp(request: FastifyRequest) {
  const ctx = request.server.ctx;
  const body = parseBody(enableOtpRequest, request.body);
  const user = await currentUser(request);
  if (user.otp_enabled) throw otpAlreadyOn();
  if (!user.otp_secret) throw new ApiError(409, 'Set up two-factor sign-in first');
  const step = acceptOtp(readOtpSecret(request, user.otp_secret), body.otp, null);
  if (step === null) throw wrongOtp();
  await ctx.db.updateTable('app_user').set({ otp_enabled: true, otp_last_step: step }).where('id', '=', user.id).execute();
  return ok(toUserInfo({ ...user, otp_enabled: true }), 'Two-factor sign-in is on');
}

async function disableOtp(request: FastifyRequest) {
  const ctx = request.server.ctx;
  const body = parseBody(disableOtpRequest, request.body);
  const user = await currentUser(request);
  if (!(await verifyPassword(user.password_hash, body.password))) {
    throw validationError([{ field: 'password', message: 'The password is not correct' }]);
  }
  await ctx.db
    .updateTable('app_user')
    .set({ otp_enabled: false, otp_secret: null, otp_last_step: null })
    .where('id', '=', user.id)
    .execute();
  return ok(toUserInfo({ ...user, otp_enabled: false }), 'Two-factor sign-in is off');
}

interface Action {
  methods: readonly string[];
  /** Needs a bearer token. */
  signedIn: boolean;
  handle: (request: FastifyRequest) => Promise<ApiEnvelope<unknown>>;
}

const POST = ['POST'] as const;

/** `/api/authentication/{action}` by lower-cased action name. */
const ACTIONS: Record<string, Action> = {
  login: { methods: POST, signedIn: false, handle: login },
  validateotp: { methods: POST, signedIn: false, handle: validateOtp },
  refreshtoken: { methods: POST, signedIn: false, handle: refreshToken },
  requestresetpassword: { methods: POST, signedIn: false, handle: requestResetPassword },
  validateresetpasswordotp: { methods: POST, signedIn: false, handle: validateResetPasswordOtp },
  changepassword: { methods: POST, signedIn: true, handle: changePassword },
  logout: { methods: POST, signedIn: true, handle: logout },
  me: { methods: ['GET', 'POST'], signedIn: true, handle: me },
  setupotp: { methods: POST, signedIn: true, handle: setupOtp },
  enableotp: { methods: POST, signedIn: true, handle: enableOtp },
  disableotp: { methods: POST, signedIn: true, handle: disableOtp },
};

async function dispatch(request: FastifyRequest<{ Params: { action: string } }>, reply: FastifyReply) {
  const action = ownEntry(ACTIONS, request.params.action.toLowerCase());
  if (!action) throw new ApiError(404, `Unknown action: ${request.params.action.slice(0, 100)}`);
  if (!action.methods.includes(request.method)) {
    reply.header('Allow', action.methods.join(', '));
    throw new ApiError(405, `Use ${action.methods.join(' or ')} for ${request.params.action}`);
  }
  if (action.signedIn) await authenticate(request, reply);
  return action.handle(request);
}

export function registerAuthRoutes(app: FastifyInstance, apiPrefix: string): void {
  for (const family of ['authentication', 'login']) {
    app.route<{ Params: { action: string } }>({
      method: ['GET', 'POST'],
      url: `${apiPrefix}/${family}/:action`,
      handler: dispatch,
    });
  }
}
