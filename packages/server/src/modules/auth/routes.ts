import {
  changePasswordRequest,
  changePasswordResponse,
  loginResponse,
  otpSetupResponse,
  refreshTokenResponse,
  userInfo,
  disableOtpRequest,
  FIELD_GROUP_NAMES,
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
import { z } from 'zod';
import type { AppContext } from '../../context';
import { recordRequestEvent, type Actor } from '../../data/audit';
import { deniedFieldGroups } from '../../data/field-groups';
import { anyDb } from '../../data/store';
import { authenticate, authenticateDuringPasswordChange, requireAuth } from '../../http/auth-guard';
import { ApiError, ok, validationError } from '../../http/envelope';
import { ownEntry } from '../../http/lookup';
import { documented } from '../../http/openapi-contract';
import { parseBody } from '../../http/validate';
import { insertJob } from '../../jobs/queue';
import { decryptSecret, encryptSecret } from '../../crypto/sealed';
import { attemptKey, underReservation, userKey } from './lockout';
import { acceptOtp, newOtpSecret } from './otp';
import { newPasswordProblem, samePasswordProblem } from './password-policy';
import { hashPassword, refuseWhileHashingFull, verifyAgainstDummy, verifyPassword } from '../../crypto/passwords';
import { enforceRateLimit, type LimitedAction } from './rate-limit';
import { resetPassword, RESET_REQUESTED_MESSAGE, SEND_RESET_CODE } from './reset';
import { hasSignedInFrom, revokeSession, revokeUserSessions, rotateRefreshToken, startSession } from './sessions';
import { signOtpToken, verifyAccessTokenSignature, verifyOtpToken } from '../../crypto/tokens';
import { findUserById, findUserByName, toUserInfo, type UserRecord } from './users';

const invalidCredentials = () => new ApiError(401, 'Invalid user name or password');
const locked = () => new ApiError(423, 'Account is locked. Try again later.');
const wrongOtp = () => validationError([{ field: 'otp', message: 'The code is not valid' }], 'Invalid code');

const clientMeta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] ?? null, ip: request.ip });
const actorOf = (user: UserRecord): Actor => ({ userId: user.id, userName: user.user_name });

/** The per-address limit of an unauthenticated action: checked before its body is even read. */
const limitAddress = (request: FastifyRequest, action: LimitedAction) =>
  enforceRateLimit(request.server.ctx.db, request.server.ctx.config.rateLimit, action, { address: request.ip });

/** The per-user limit, by lower-cased user name (or `#id` where only the id is known). */
const limitUser = (request: FastifyRequest, action: LimitedAction, user: string) =>
  enforceRateLimit(request.server.ctx.db, request.server.ctx.config.rateLimit, action, { user });

/** Records a refused sign-in step, and the lockout it caused. */
async function signInFailed(
  request: FastifyRequest,
  actor: Actor,
  reason: string,
  lockedUntil: string | null,
): Promise<void> {
  const event = { entity: 'user', rowId: actor.userId, actor };
  await recordRequestEvent(request, { ...event, action: 'signInFailed', changes: { before: {}, after: { reason } } });
  if (lockedUntil)
    await recordRequestEvent(request, { ...event, action: 'lockout', changes: { before: {}, after: { lockedUntil } } });
}

async function completeSignIn(ctx: AppContext, user: UserRecord, request: FastifyRequest): Promise<LoginResponse> {
  await ctx.db
    .updateTable('app_user')
    .set({ last_login_at: new Date().toISOString() })
    .where('id', '=', user.id)
    .execute();
  const token = await startSession(ctx, { id: user.id, role: user.role_name }, clientMeta(request));
  await recordRequestEvent(request, { action: 'signIn', entity: 'user', rowId: user.id, actor: actorOf(user) });
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

/**
 * The signed-in user's password, checked under the sign-in lockout (a stolen session is no
 * password oracle): wrong → 400 naming `field`, locked → 423.
 */
async function checkOwnPassword(
  request: FastifyRequest,
  user: UserRecord,
  password: string,
  field: string,
): Promise<void> {
  const attempt = await underReservation(
    request.server.ctx.db,
    attemptKey(userKey(user.user_name), request.ip),
    async () => ({
      ok: await verifyPassword(user.password_hash, password),
      value: null,
    }),
  );
  if (!attempt) throw locked();
  if (attempt.ok) return;
  await signInFailed(request, actorOf(user), 'wrong password', attempt.lockedUntil);
  throw validationError([{ field, message: 'The password is not correct' }]);
}

async function login(request: FastifyRequest): Promise<ApiEnvelope<LoginResponse>> {
  const { db, jwtKey } = request.server.ctx;
  // Before any database work: under a flood from many addresses this answer is what keeps the rest of the server responsive.
  refuseWhileHashingFull();
  await limitAddress(request, 'login');
  const body = parseBody(loginRequest, request.body);
  const key = userKey(body.userName);
  // The per-user ceiling on guesses from many addresses; an address this user has signed in from
  // is not held by it, so a flood aimed at the name does not keep its owner out.
  if (!(await hasSignedInFrom(db, key, request.ip))) await limitUser(request, 'login', key);
  let user: UserRecord | undefined;
  const attempt = await underReservation(db, attemptKey(key, request.ip), async () => {
    user = await findUserByName(db, body.userName);
    if (!user) {
      await verifyAgainstDummy(body.password);
      return { ok: false, value: 'unknown user name' };
    }
    if (!(await verifyPassword(user.password_hash, body.password))) return { ok: false, value: 'wrong password' };
    return user.is_active ? { ok: true, value: '' } : { ok: false, value: 'user disabled' };
  });
  if (!attempt) throw locked();
  if (!attempt.ok || !user) {
    await signInFailed(
      request,
      user ? actorOf(user) : { userId: null, userName: body.userName },
      attempt.value,
      attempt.lockedUntil,
    );
    throw invalidCredentials();
  }
  if (user.otp_enabled) {
    return ok(
      { requireOtp: true, otpToken: signOtpToken(jwtKey, user.id) },
      'Enter the code from your authenticator app',
    );
  }
  return ok(await completeSignIn(request.server.ctx, user, request), 'Signed in');
}

async function validateOtp(request: FastifyRequest): Promise<ApiEnvelope<LoginResponse>> {
  const ctx = request.server.ctx;
  await limitAddress(request, 'validateotp');
  const body = parseBody(validateOtpRequest, request.body);
  const userId = verifyOtpToken(ctx.jwtKey, body.otpToken);
  const user = userId === null ? undefined : await findUserById(ctx.db, userId);
  if (!user || !user.is_active || !user.otp_enabled || !user.otp_secret) {
    throw new ApiError(401, 'The sign-in has expired. Sign in again.');
  }
  const secret = user.otp_secret;
  await limitUser(request, 'validateotp', userKey(user.user_name));
  const attempt = await underReservation(ctx.db, attemptKey(userKey(user.user_name), request.ip), async () => {
    const step = acceptOtp(readOtpSecret(request, secret), body.otp, user.otp_last_step);
    if (step === null) return { ok: false, value: null };
    // The step is taken atomically: one code signs in once, even presented twice at the same moment.
    const taken = await ctx.db
      .updateTable('app_user')
      .set({ otp_last_step: step })
      .where('id', '=', user.id)
      .where((eb) => eb.or([eb('otp_last_step', 'is', null), eb('otp_last_step', '<', step)]))
      .executeTakeFirst();
    return { ok: Number(taken.numUpdatedRows) === 1, value: null };
  });
  if (!attempt) throw locked();
  if (!attempt.ok) {
    await signInFailed(request, actorOf(user), 'wrong code', attempt.lockedUntil);
    throw wrongOtp();
  }
  return ok(await completeSignIn(ctx, user, request), 'Signed in');
}

async function refreshToken(request: FastifyRequest) {
  await limitAddress(request, 'refreshtoken');
  const body = parseBody(refreshTokenRequest, request.body);
  const claims = verifyAccessTokenSignature(request.server.ctx.jwtKey, body.accessToken);
  if (!claims) throw new ApiError(401, 'Unauthorized');
  await limitUser(request, 'refreshtoken', `#${claims.userId}`);
  const token = await rotateRefreshToken(request, claims, body.refreshToken);
  return ok({ token }, 'Token refreshed');
}

/** Queues the mail for known and unknown names alike: the answer, and its time, tell nothing. */
async function requestResetPassword(request: FastifyRequest) {
  await limitAddress(request, 'requestresetpassword');
  const body = parseBody(requestResetPasswordRequest, request.body);
  await limitUser(request, 'requestresetpassword', userKey(body.userName));
  await insertJob(anyDb(request.server.ctx), SEND_RESET_CODE, { payload: { userName: body.userName, ip: request.ip } });
  return ok(null, RESET_REQUESTED_MESSAGE);
}

async function validateResetPasswordOtp(request: FastifyRequest) {
  await limitAddress(request, 'validateresetpasswordotp');
  const body = parseBody(validateResetPasswordOtpRequest, request.body);
  await limitUser(request, 'validateresetpasswordotp', userKey(body.userName));
  await resetPassword(request, body);
  return ok(null, 'Your password has been reset. Sign in with the new password.');
}

async function changePassword(request: FastifyRequest) {
  const ctx = request.server.ctx;
  const body = parseBody(changePasswordRequest, request.body);
  const user = await currentUser(request);
  await checkOwnPassword(request, user, body.currentPassword, 'currentPassword');
  if (body.newPassword === body.currentPassword) throw validationError([samePasswordProblem]);
  const problem = newPasswordProblem(body.newPassword);
  if (problem) throw validationError([problem]);
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
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
    const sessionsRevoked = await revokeUserSessions(trx, user.id, 'password changed');
    await recordRequestEvent(
      request,
      { action: 'passwordChange', entity: 'user', rowId: user.id, changes: { before: {}, after: { sessionsRevoked } } },
      trx,
    );
  });
  const token = await startSession(ctx, { id: user.id, role: user.role_name }, clientMeta(request));
  return ok({ token, userInfo: toUserInfo({ ...user, must_change_password: false }) }, 'Password changed');
}

async function logout(request: FastifyRequest) {
  const auth = requireAuth(request);
  await revokeSession(request.server.ctx.db, auth.sessionId, 'logout');
  await recordRequestEvent(request, { action: 'signOut', entity: 'user', rowId: auth.userId });
  return ok(null, 'Signed out');
}

async function me(request: FastifyRequest) {
  const hidden = await deniedFieldGroups(request);
  return ok({
    ...toUserInfo(await currentUser(request)),
    fieldGroups: FIELD_GROUP_NAMES.filter((group) => !hidden.has(group)),
  });
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
  await checkOwnPassword(request, user, body.password, 'password');
  const step = acceptOtp(readOtpSecret(request, user.otp_secret), body.otp, null);
  if (step === null) throw wrongOtp();
  await ctx.db
    .updateTable('app_user')
    .set({ otp_enabled: true, otp_last_step: step })
    .where('id', '=', user.id)
    .execute();
  await recordRequestEvent(request, { action: 'otpEnable', entity: 'user', rowId: user.id });
  return ok(toUserInfo({ ...user, otp_enabled: true }), 'Two-factor sign-in is on');
}

async function disableOtp(request: FastifyRequest) {
  const ctx = request.server.ctx;
  const body = parseBody(disableOtpRequest, request.body);
  const user = await currentUser(request);
  await checkOwnPassword(request, user, body.password, 'password');
  await ctx.db
    .updateTable('app_user')
    .set({ otp_enabled: false, otp_secret: null, otp_last_step: null })
    .where('id', '=', user.id)
    .execute();
  await recordRequestEvent(request, { action: 'otpDisable', entity: 'user', rowId: user.id });
  return ok(toUserInfo({ ...user, otp_enabled: false }), 'Two-factor sign-in is off');
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

interface Action {
  methods: readonly string[];
  /** How the caller must be signed in; none for the sign-in calls themselves. */
  guard?: Guard;
  handle: (request: FastifyRequest) => Promise<ApiEnvelope<unknown>>;
  /** For the OpenAPI document: what it does, the body it parses and the `data` it answers. */
  summary: string;
  body?: z.ZodType;
  answer: z.ZodType;
}

const POST = ['POST'] as const;
/** What a user whose password must change can still do. */
const duringPasswordChange = authenticateDuringPasswordChange;

/** `/api/authentication/{action}` by action name. */
const ACTIONS: Record<string, Action> = {
  Login: {
    methods: POST,
    handle: login,
    summary: 'Sign in with a user name and password',
    body: loginRequest,
    answer: loginResponse,
  },
  ValidateOtp: {
    methods: POST,
    handle: validateOtp,
    summary: 'Finish a sign-in with the code from the authenticator app',
    body: validateOtpRequest,
    answer: loginResponse,
  },
  RefreshToken: {
    methods: POST,
    handle: refreshToken,
    summary: 'Trade a refresh token for a new token pair',
    body: refreshTokenRequest,
    answer: refreshTokenResponse,
  },
  RequestResetPassword: {
    methods: POST,
    handle: requestResetPassword,
    summary: 'Mail a password reset code',
    body: requestResetPasswordRequest,
    answer: z.null(),
  },
  ValidateResetPasswordOtp: {
    methods: POST,
    handle: validateResetPasswordOtp,
    summary: 'Set a new password with a mailed reset code',
    body: validateResetPasswordOtpRequest,
    answer: z.null(),
  },
  ChangePassword: {
    methods: POST,
    guard: duringPasswordChange,
    handle: changePassword,
    summary: 'Change one’s own password',
    body: changePasswordRequest,
    answer: changePasswordResponse,
  },
  Logout: {
    methods: POST,
    guard: duringPasswordChange,
    handle: logout,
    summary: 'End this session',
    answer: z.null(),
  },
  Me: {
    methods: ['GET', 'POST'],
    guard: duringPasswordChange,
    handle: me,
    summary: 'The signed-in user',
    answer: userInfo,
  },
  SetupOtp: {
    methods: POST,
    guard: authenticate,
    handle: setupOtp,
    summary: 'Start setting up two-factor sign-in',
    answer: otpSetupResponse,
  },
  EnableOtp: {
    methods: POST,
    guard: authenticate,
    handle: enableOtp,
    summary: 'Turn two-factor sign-in on',
    body: enableOtpRequest,
    answer: userInfo,
  },
  DisableOtp: {
    methods: POST,
    guard: authenticate,
    handle: disableOtp,
    summary: 'Turn two-factor sign-in off',
    body: disableOtpRequest,
    answer: userInfo,
  },
};

/** `/api/authentication/{action}` by lower-cased action name. */
/** The actions by lower-cased name: an address is matched ignoring case. */
const BY_NAME: Record<string, Action> = Object.fromEntries(
  Object.entries(ACTIONS).map(([name, action]) => [name.toLowerCase(), action]),
);

const contract = documented({
  param: 'action',
  actions: Object.fromEntries(
    Object.entries(ACTIONS).map(([name, { methods, guard, summary, body, answer }]) => [
      name,
      { methods, summary, auth: guard ? 'bearer' : 'none', answer, ...(body ? { body } : {}) },
    ]),
  ),
});

async function dispatch(request: FastifyRequest<{ Params: { action: string } }>, reply: FastifyReply) {
  const action = ownEntry(BY_NAME, request.params.action.toLowerCase());
  if (!action) throw new ApiError(404, `Unknown action: ${request.params.action.slice(0, 100)}`);
  if (!action.methods.includes(request.method)) {
    reply.header('Allow', action.methods.join(', '));
    throw new ApiError(405, `Use ${action.methods.join(' or ')} for ${request.params.action}`);
  }
  if (action.guard) await action.guard(request, reply);
  return action.handle(request);
}

export function registerAuthRoutes(app: FastifyInstance, apiPrefix: string): void {
  for (const family of ['authentication', 'login']) {
    app.route<{ Params: { action: string } }>({
      method: ['GET', 'POST'],
      url: `${apiPrefix}/${family}/:action`,
      ...contract,
      handler: dispatch,
    });
  }
}
