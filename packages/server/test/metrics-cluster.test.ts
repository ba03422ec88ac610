import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Processes only, no database: run on SQLite only.
const database = process.env.TEST_DATABASE ?? 'sqlite';
const SCENARIO = fileURLToPath(new URL('./fixtures/metrics-late-worker.ts', import.meta.url));

const counted = (text: string) =>
  Number(/^backroom_http_requests_total\{[^}]*route="\/counted"[^}]*\} (\S+)$/m.exec(text)?.[1]);
const late = (text: string) => Number(/^backroom_metrics_late_workers (\S+)$/m.exec(text)?.[1]);

describe.runIf(database === 'sqlite')('a cluster scrape with a worker that is late', () => {
  it('counts a late worker by its last answer and says so, and one that never answered as nothing yet', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCENARIO], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    const steps = Object.fromEntries(
      out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { step: string; text?: string; error?: string })
        .map(({ step, ...outcome }) => [step, outcome]),
    );
    const text = (step: string) => steps[step]?.text ?? '';
    expect(Object.keys(steps)).toEqual(['answered', 'late', 'back', 'late before its first answer', 'both back']);
    expect(counted(text('answered'))).toBe(5);
    expect(late(text('answered'))).toBe(0);
    // Held past the timeout: the scrape answers with the worker's last figures, never fewer.
    expect(counted(text('late'))).toBe(5);
    expect(late(text('late'))).toBe(1);
    expect(counted(text('back'))).toBe(10);
    expect(late(text('back'))).toBe(0);
    // A second worker held from its start: left out (no scrape counted it), the first by its last answer.
    expect(counted(text('late before its first answer'))).toBe(10);
    expect(late(text('late before its first answer'))).toBe(2);
    expect(counted(text('both back'))).toBe(10);
    expect(late(text('both back'))).toBe(0);
  }, 60_000);
});
