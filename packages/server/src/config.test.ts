import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig, normaliseBasePath } from './config';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      basePath: '/backoffice',
      databaseUrl: null,
      jwtSecret: null,
      smtpUrl: null,
      demo: true,
      buildNumber: 'local',
      accessTokenTtlSeconds: 900,
    });
    expect(config).toMatchObject({
      sessionLifetimeDays: 30,
      rateLimit: { windowSeconds: 60, perAddress: 30, perUser: 10 },
      trustProxy: false,
    });
    expect(config.passwordHashing.queue).toBe(16);
    expect(config.shutdownGraceMs).toBe(5000);
    expect(config.passwordHashing.concurrency).toBeGreaterThanOrEqual(1);
    expect(config.dataDir).toBe(join(repoRoot, 'data'));
    expect(config.webDist).toBe(join(repoRoot, 'packages/web/dist'));
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      BASE_PATH: 'shop/',
      DATA_DIR: '/var/lib/backroom',
      DATABASE_URL: 'postgres://u@h/db',
      DEMO: '0',
      BUILD_NUMBER: '42',
    });
    expect(config).toMatchObject({
      port: 8080,
      basePath: '/shop',
      dataDir: '/var/lib/backroom',
      databaseUrl: 'postgres://u@h/db',
      demo: false,
      buildNumber: '42',
    });
    expect(loadConfig({ DATA_DIR: 'rel' }).dataDir).toBe(join(process.cwd(), 'rel'));
    expect(
      loadConfig({
        SESSION_LIFETIME_DAYS: '7',
        RATE_LIMIT_WINDOW_SECONDS: '300',
        RATE_LIMIT_PER_ADDRESS: '100',
        RATE_LIMIT_PER_USER: '4',
        PASSWORD_HASH_CONCURRENCY: '3',
        PASSWORD_HASH_QUEUE: '8',
      }),
    ).toMatchObject({
      sessionLifetimeDays: 7,
      rateLimit: { windowSeconds: 300, perAddress: 100, perUser: 4 },
      passwordHashing: { concurrency: 3, queue: 8 },
    });
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '0' }).shutdownGraceMs).toBe(0);
  });

  it('reads TRUST_PROXY as on/off, a hop count or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy.example' })).toThrow(/TRUST_PROXY/);
  });

  it('turns demo data off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'true' }).demo).toBe(true);
  });

  it('refuses nonsense', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/boolean/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '0' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
    expect(() => loadConfig({ RATE_LIMIT_PER_ADDRESS: '0' })).toThrow(/RATE_LIMIT_PER_ADDRESS/);
    expect(() => loadConfig({ SESSION_LIFETIME_DAYS: 'forever' })).toThrow(/SESSION_LIFETIME_DAYS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('backs SQLite up daily into the data folder, PostgreSQL only when asked', () => {
    expect(loadConfig({ DATA_DIR: '/srv/br' }).backups).toEqual({
      dir: '/srv/br/backups',
      everyHours: 24,
      keep: 7,
      maxAgeDays: 30,
      warnHours: 48,
    });
    const postgres = loadConfig({ DATABASE_URL: 'postgres://db/x' }).backups;
    expect([postgres.everyHours, postgres.warnHours]).toEqual([0, 48]);
    const set = loadConfig({ BACKUP_DIR: '/mnt/b', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '3', BACKUP_WARN_HOURS: '0' });
    expect(set.backups).toMatchObject({ dir: '/mnt/b', everyHours: 6, keep: 3, warnHours: 0 });
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: 'daily' })).toThrow(/BACKUP_EVERY_HOURS/);
  });

  it('normalises the base path', () => {
    expect(normaliseBasePath('/')).toBe('');
    expect(normaliseBasePath('backoffice')).toBe('/backoffice');
    expect(normaliseBasePath('/a/b//')).toBe('/a/b');
  });
});
