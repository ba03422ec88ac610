import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { unfinishedJobCounts } from '../src/metrics/gauges';
import { signIn } from './durability/support';
import { useChildServers } from './support/child-server';
import { useTestServer } from './support/harness';
import { freePort } from './support/ports';
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

/** Every series of one metric in Prometheus' text format, by its labels as written (`method="GET",route="…",status="200"`). */
function series(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] === name) found.set(match[2] ?? '', Number(match[3]));
  }
  return found;
}

/** How much each series grew from `before` to `after` (series that did not grow left out). */
function grown(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const growth: Record<string, number> = {};
  for (const [labels, value] of after) {
    const by = value - (before.get(labels) ?? 0);
    if (by !== 0) growth[labels] = by;
  }
  return growth;
}

describe('Prometheus metrics of npm start’s cluster, scraped under load', () => {
  const children = useChildServers();

  it('adds up to the requests sent, by route pattern and status, however many run at once', async () => {
    const place = await children.place('backroom-metrics-load-');
    const metricsPort = await freePort();
    // Two workers: the primary answers the scrape with the sum of both (metrics/cluster.ts, over IPC).
    const server = await children.start({
      ...place,
      env: { WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' },
    });
    const { api, origin } = server;
    const token = await signIn(api);
    const scrape = async () => {
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      const text = await response.text();
      expect(response.status, text).toBe(200);
      return text;
    };
    const requests = (text: string) => series(text, 'backroom_http_requests_total');
    const durations = (text: string) => series(text, 'backroom_http_request_duration_seconds_count');
    const baseline = await scrape();

    const API = '/backoffice/core/api';
    const kinds = [
      {
        count: 80,
        labels: `method="GET",route="${API}/Info/Version",status="200"`,
        send: () => fetch(`${api}/Info/Version`),
      },
      {
        count: 50,
        labels: `method="POST",route="${API}/DataRepository/fetch/:name",status="200"`,
        send: () =>
          fetch(`${api}/DataRepository/fetch/currency`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: '{}',
          }),
      },
      {
        count: 40,
        labels: `method="POST",route="${API}/DataRepository/fetch/:name",status="401"`,
        send: () =>
          fetch(`${api}/DataRepository/fetch/currency`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          }),
      },
      {
        count: 30,
        labels: `method="GET",route="unmatched",status="404"`,
        send: (i: number) => fetch(`${origin}/nowhere/${i}`),
      },
    ];
    const expected = Object.fromEntries(kinds.map((kind) => [kind.labels, kind.count]));
    const sent = kinds.reduce((sum, kind) => sum + kind.count, 0);
    expect(sent).toBe(200);

    // Scrapes go on while all 200 run at once: each answers, and no counter ever goes back.
    let loading = true;
    const scrapes: Map<string, number>[] = [];
    const scraping = (async () => {
      while (loading) scrapes.push(requests(await scrape()));
    })();
    const statuses = await Promise.all(
      kinds.flatMap((kind) =>
        Array.from({ length: kind.count }, async (_, i) => {
          const response = await kind.send(i);
          await response.arrayBuffer();
          return `${kind.labels.split('status=')[1]}:${response.status}`;
        }),
      ),
    );
    loading = false;
    await scraping;
    for (const answer of statuses) expect(answer.split(':')[0]).toBe(`"${answer.split(':')[1]}"`);
    expect(scrapes.length).toBeGreaterThan(1);
    for (let i = 1; i < scrapes.length; i++)
      for (const [labels, value] of scrapes[i - 1]!) expect(scrapes[i]!.get(labels) ?? 0).toBeGreaterThanOrEqual(value);

    // A request is counted as its answer is sent: the last few may land a moment after the client has them.
    await expect
      .poll(async () => grown(requests(baseline), requests(await scrape())), { timeout: 10_000 })
      .toEqual(expected);
    expect(grown(durations(baseline), durations(await scrape()))).toEqual(expected);
  }, 240_000);
});
