import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/crypto/passwords';
import { badRequest, learnNames, randomSource, type FuzzRoute } from './support/fuzz';
import { DEMO_PASSWORDS, useTestServer } from './support/harness';

/**
 * Every route the server registers — collected as they are registered, so routes added later are
 * fuzzed too — gets generated bad input, signed in as the administrator and anonymously: none may
 * answer 5xx. FUZZ_SEED replays a run; FUZZ_REQUESTS changes its length.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_115);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
/**
 * The run must finish well inside CI's patience; past this it stops and fails. CI runs every suite
 * at once on two cores, where 10,000 requests have taken from 20 s to over 60 s.
 */
const TIME_BOX_MS = 150_000;

/** A stand-in for the built console, which the console's routes serve. */
const webDist = mkdtempSync(join(tmpdir(), 'backroom-fuzz-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Backroom</title></head><body></body></html>',
);
writeFileSync(join(webDist, 'assets', 'index.js'), 'export {};');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const routes: FuzzRoute[] = [];
const t = useTestServer({
  users: ['admin'],
  config: { webDist },
  onRoute: (route) => {
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (methods.length > 0) routes.push({ methods, url: route.url });
  },
});

describe('the fuzz pass', () => {
  it('answers generated bad input on every route without a 5xx', async () => {
    const { app } = t.server;
    learnNames(app);
    const { db } = app.ctx;
    const api = `${app.ctx.config.basePath}/core/api`;
    let token = t.tokens.admin;
    let restored = 0;

    /** The fuzz may sign the administrator out, disable or re-password them: sign in again, restoring them if need be. */
    const keepAdminSignedIn = async () => {
      const me = await app.inject({
        method: 'GET',
        url: `${api}/Authentication/Me`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (me.statusCode === 200) return;
      const login = await t.signIn('admin', DEMO_PASSWORDS.admin);
      if (login.status !== 200 || !login.body.data.token) {
        restored++;
        const admin = await db
          .selectFrom('app_user')
          .select('role_id')
          .where('user_name', '=', 'admin')
          .executeTakeFirstOrThrow();
        await db.updateTable('role').set({ is_active: true }).where('id', '=', admin.role_id).execute();
        await db
          .updateTable('app_user')
          .set({
            is_active: true,
            must_change_password: false,
            otp_enabled: false,
            password_hash: await hashPassword(DEMO_PASSWORDS.admin),
          })
          .where('user_name', '=', 'admin')
          .execute();
      }
      token = (await t.loginAs('admin')).accessToken;
    };

    expect(routes.length).toBeGreaterThan(40);
    const random = randomSource(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const started = Date.now();
    let sent = 0;
    for (; sent < REQUESTS && Date.now() - started < TIME_BOX_MS; sent++) {
      if (sent % 200 === 0) await keepAdminSignedIn();
      const request = badRequest(random, routes[sent % routes.length]!, token);
      const res = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        payload: request.payload,
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        const payload =
          request.payload && request.payload.length > 300
            ? `${request.payload.slice(0, 300)}… (${request.payload.length} chars)`
            : request.payload;
        failures.push(
          `#${sent} ${request.method} ${request.url.slice(0, 200)} ${request.signedIn ? 'admin' : 'anonymous'} ${request.headers['content-type'] ?? ''} ${payload ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz: ${sent} requests over ${routes.length} routes in ${seconds} s (seed ${SEED}); answers ${JSON.stringify(Object.fromEntries(statuses))}; administrator restored ${restored}×`,
    );
    expect(failures.slice(0, Number(process.env.FUZZ_SHOW ?? 20)), `${failures.length} answers were 5xx`).toEqual([]);
    expect(sent, `the time box of ${TIME_BOX_MS / 1000} s ran out`).toBe(REQUESTS);
  }, 200_000);
});
