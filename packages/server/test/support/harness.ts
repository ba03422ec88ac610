import type { LoginResponse, TokenPair } from '@backroom/schema';
import { afterAll, beforeAll, expect } from 'vitest';
import { hashPassword } from '../../src/crypto/passwords';
import { startTestServer, type ApiResponse, type TestServer } from './server';

export type Row = Record<string, unknown>;

/** The demo users the server seeds in demo mode, and their passwords: the one place the tests write them. */
export const DEMO_PASSWORDS = { admin: 'Admin@123', manager: 'Manager@123', cashier: 'Cashier@123' } as const;
export type DemoUser = keyof typeof DEMO_PASSWORDS;

export interface HarnessOptions {
  config?: NonNullable<Parameters<typeof startTestServer>[0]>['config'];
  onRoute?: NonNullable<Parameters<typeof startTestServer>[0]>['onRoute'];
  /** Demo users to sign in before the tests; their access tokens are in `tokens`. */
  users?: DemoUser[];
}

/** How long a server with the demo catalogue may take to start: its 30 days of sales take a while on a busy machine. */
const DEMO_CATALOGUE_START_MS = 240_000;

/** A test server with some demo users signed in, and helpers that call the API (as the administrator unless told). */
export interface SignedInServer extends TestServer {
  /** Access tokens of the signed-in demo users, by user name. */
  tokens: Record<DemoUser, string> & Record<string, string>;
  /** Signs a demo user in with their demo password. */
  loginAs(user: DemoUser): Promise<TokenPair>;
  /** One sign-in attempt, answered as is (whatever the status). */
  signIn(userName: string, password: string): Promise<ApiResponse<LoginResponse>>;
  post<T = Row>(path: string, body?: unknown, token?: string): Promise<ApiResponse<T>>;
  get<T = Row>(path: string, token?: string): Promise<ApiResponse<T>>;
}

/** Starts a test server and signs the given demo users in; `tokens` is filled in place when given. */
export async function startSignedIn(
  options: HarnessOptions = {},
  tokens = {} as SignedInServer['tokens'],
): Promise<SignedInServer> {
  const t = await startTestServer({ config: options.config, onRoute: options.onRoute });
  const loginAs = (user: DemoUser) => t.login(user, DEMO_PASSWORDS[user]);
  try {
    for (const user of options.users ?? []) tokens[user] = (await loginAs(user)).accessToken;
  } catch (error) {
    await t.close();
    throw error;
  }
  return {
    ...t,
    tokens,
    loginAs,
    signIn: (userName, password) =>
      t.call<LoginResponse>('POST', '/Authentication/Login', { body: { userName, password } }),
    post: <T = Row>(path: string, body?: unknown, token = tokens.admin) =>
      t.call<T>('POST', path, { token, body: body ?? {} }),
    get: <T = Row>(path: string, token = tokens.admin) => t.call<T>('GET', path, { token }),
  };
}

/**
 * One test server per test file (or describe block): started in beforeAll, closed in afterAll.
 * The returned object is filled when the tests run; `tokens`, `post`, `get`, `loginAs` and `signIn` work from the start,
 * so they may be taken out at once (`const { tokens, post } = t`). `extend` adds helpers built on the started server
 * (those only as `t.name`, once the tests run).
 */
export function useTestServer<X extends object = object>(
  options: HarnessOptions & { extend?: (t: SignedInServer) => X | Promise<X> } = {},
): SignedInServer & X {
  let started: SignedInServer | undefined;
  const harness = {
    tokens: {},
    loginAs: (user: DemoUser) => started!.loginAs(user),
    signIn: (userName: string, password: string) => started!.signIn(userName, password),
    post: <T = Row>(path: string, body?: unknown, token?: string) => started!.post<T>(path, body, token),
    get: <T = Row>(path: string, token?: string) => started!.get<T>(path, token),
  } as SignedInServer & X;
  beforeAll(
    async () => {
      started = await startSignedIn(options, harness.tokens);
      const { tokens: _tokens, loginAs: _loginAs, signIn: _signIn, post: _post, get: _get, ...rest } = started;
      Object.assign(harness, rest);
      if (options.extend) Object.assign(harness, await options.extend(started));
    },
    options.config?.demoCatalogue ? DEMO_CATALOGUE_START_MS : undefined,
  );
  afterAll(async () => {
    await started?.close();
  });
  return harness;
}

/**
 * A store manager limited to `outlets`, created through the generic API as the administrator, given `password`
 * straight in the database (so no password change is due) and signed in; answers their access token.
 */
export async function signInOutletManager(
  t: SignedInServer,
  user: { userName: string; displayName: string; password: string; outlets: unknown[] },
): Promise<string> {
  const [role] = (
    await t.post<Row[]>('/DataRepository/fetch/role', {
      filters: [{ ColumnName: 'code', ColumnValue: 'STORE_MANAGER', Operator: 'EQ' }],
    })
  ).body.data;
  const created = await t.post('/DataRepository/Insert/user', {
    userName: user.userName,
    displayName: user.displayName,
    role: role!.id,
    outlets: user.outlets,
    mustChangePassword: false,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await t.server.app.ctx.db
    .updateTable('app_user')
    .set({ password_hash: await hashPassword(user.password), must_change_password: false })
    .where('id', '=', created.body.data.id as number)
    .execute();
  return (await t.login(user.userName, user.password)).accessToken;
}
