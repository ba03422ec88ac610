import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { unfinishedJobCounts } from '../src/metrics/gauges';
import { useTestServer } from './support/harness';
import { database } from './support/server';

/** The value of one series in Prometheus' text format, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(/,(?=[a-zA-Z_]+=")/);
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

describe('Prometheus metrics on METRICS_PORT', () => {
  const t = useTestServer({ users: ['admin'], config: { metrics: { host: '127.0.0.1', port: 0 } } });
  const scrape = async () => {
    const url = t.server.metricsUrl;
    if (!url) throw new Error('no metrics listener');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('counts requests by route pattern, never the raw URL, with a duration histogram', async () => {
    const before = await scrape();
    const route = '/backoffice/core/api/Info/Version';
    const was = sample(before, 'backroom_http_requests_total', { method: 'GET', route, status: '200' }) ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.call('GET', '/Info/Version')).status).toBe(200);
    const missing = await t.call('GET', `${t.origin}/nowhere/12345`);
    expect(missing.status).toBe(404);
    const after = await scrape();
    expect(sample(after, 'backroom_http_requests_total', { method: 'GET', route, status: '200' })).toBe(was + 3);
    expect(sample(after, 'backroom_http_request_duration_seconds_count', { method: 'GET', route, status: '200' })).toBe(
      was + 3,
    );
    expect(sample(after, 'backroom_http_request_duration_seconds_bucket', { route, status: '200', le: '+Inf' })).toBe(
      was + 3,
    );
    expect(sample(after, 'backroom_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThan(0);
    expect(after).not.toContain('/nowhere/12345');
    // A route with parameters is one series whatever the ids.
    await t.get('/product/1');
    await t.get('/product/2');
    const text = await scrape();
    expect(text).toMatch(/backroom_http_requests_total\{[^}]*route="\/backoffice\/core\/api\/:\w+\/:\w+"/);
    expect(text).not.toMatch(/route="[^"]*\/product\/[12]"/);
  });

  it('counts sign-in failures and lockouts', async () => {
    const before = await scrape();
    const failures = sample(before, 'backroom_sign_in_failures_total') ?? 0;
    const lockouts = sample(before, 'backroom_sign_in_lockouts_total') ?? 0;
    for (let i = 0; i < 5; i++) expect((await t.signIn('manager', 'wrong')).status).toBe(401);
    expect((await t.signIn('manager', 'wrong')).status).toBe(423);
    const after = await scrape();
    expect(sample(after, 'backroom_sign_in_failures_total')).toBe(failures + 5);
    expect(sample(after, 'backroom_sign_in_lockouts_total')).toBe(lockouts + 1);
  });

  it('shows jobs by kind and state with the oldest queued job’s age, and job runs by outcome', async () => {
    const now = Date.now();
    await t.server.app.ctx.db
      .insertInto('job')
      .values(
        [120, 30].map((secondsAgo) => ({
          kind: 'metricsProbe',
          status: 'queued' as const,
          run_after: new Date(now - secondsAgo * 1000).toISOString(),
          created_at: new Date(now - secondsAgo * 1000).toISOString(),
          updated_at: new Date(now).toISOString(),
        })),
      )
      .execute();
    const ran = await t.post('/jobs/Run', { kind: 'homeRollup' });
    expect(ran.status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'backroom_jobs', { kind: 'metricsProbe', state: 'queued' })).toBe(2);
    // Finished jobs are counted as runs, not read from the table.
    expect(sample(text, 'backroom_jobs', { kind: 'homeRollup', state: 'done' })).toBeUndefined();
    const age = sample(text, 'backroom_job_oldest_queued_age_seconds', { kind: 'metricsProbe' });
    expect(age).toBeGreaterThanOrEqual(119);
    expect(age).toBeLessThan(600);
    expect(sample(text, 'backroom_job_runs_total', { kind: 'homeRollup', outcome: 'done' })).toBeGreaterThan(0);
    expect(sample(text, 'backroom_job_run_duration_seconds_count', { kind: 'homeRollup' })).toBeGreaterThan(0);
  });

  it('reads the job gauges on the status index, however many finished jobs the table holds', async () => {
    const db = t.server.app.ctx.db;
    const at = new Date().toISOString();
    const history = 20_000;
    await (
      database === 'postgres'
        ? sql`insert into job (kind, status, run_after, created_at, updated_at)
          select 'metricsHistory', 'done', ${at}, ${at}, ${at} from generate_series(1, ${history})`
        : sql`insert into job (kind, status, run_after, created_at, updated_at)
          with recursive n(i) as (select 1 union all select i + 1 from n where i < ${history})
          select 'metricsHistory', 'done', ${at}, ${at}, ${at} from n`
    ).execute(db);
    await sql`analyze`.execute(db);
    const { sql: text, parameters } = unfinishedJobCounts(t.server.app).compile();
    const explain = database === 'postgres' ? 'explain (format json)' : 'explain query plan';
    const plan = JSON.stringify((await db.executeQuery(CompiledQuery.raw(`${explain} ${text}`, [...parameters]))).rows);
    expect(plan).toContain('job_status_run_after_idx');
    expect(plan).not.toMatch(/Seq Scan|"SCAN job"/);
    const scraped = await scrape();
    expect(scraped).not.toContain('metricsHistory');
  });

  it('shows the database pool (PostgreSQL) or the database files (SQLite), and process memory', async () => {
    const text = await scrape();
    if (database === 'postgres') {
      expect(sample(text, 'backroom_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(sample(text, 'backroom_db_pool_connections', { state: 'waiting' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'backroom_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    } else {
      expect(sample(text, 'backroom_db_sqlite_file_bytes', { file: 'database' })).toBeGreaterThan(0);
      expect(sample(text, 'backroom_db_sqlite_file_bytes', { file: 'wal' })).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, 'backroom_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'backroom_nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('serves only /metrics on its listener, and the API port serves no metrics', async () => {
    const other = await fetch(t.server.metricsUrl!.replace('/metrics', '/backoffice/core/api/Info/Version'));
    expect(other.status).toBe(404);
    const api = await fetch(`${t.origin}/metrics`);
    expect(await api.text()).not.toContain('backroom_http_requests_total');
  });
});
