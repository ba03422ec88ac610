/**
 * `npm test`'s test run: the browser suite (e2e, two files at a time) in a Vitest run of its own,
 * beside the run of every other suite, instead of after it. A browser file mostly waits on its
 * page, so the two share a 2-core machine without either waiting for the other to finish. Each
 * line is prefixed with its run; the last line adds both runs' `tests:` lines up.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const RUNS = [
  { name: 'browser', projects: ['e2e'] },
  { name: 'rest', projects: ['!e2e'] },
];

const COUNTS = /^tests: (\d+) passed, (\d+) failed, (\d+) skipped$/;

function run(name: string, projects: string[]): Promise<{ code: number; counts: number[] | null }> {
  const args = ['vitest', 'run', ...projects.flatMap((project) => ['--project', project])];
  const child = spawn('npx', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  let counts: number[] | null = null;
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream }).on('line', (line) => {
      const match = COUNTS.exec(line.trim());
      if (match) counts = match.slice(1).map(Number);
      out.write(`[${name}] ${line}\n`);
    });
  }
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, counts })));
}

const results = await Promise.all(RUNS.map(({ name, projects }) => run(name, projects)));
const total = [0, 1, 2].map((i) => results.reduce((sum, { counts }) => sum + (counts?.[i] ?? 0), 0));
// A run that ended without its count line (it did not start, or crashed) counts as a failure.
const missing = results.filter(({ counts }) => counts === null).length;
console.log(`\ntests: ${total[0]} passed, ${total[1]! + missing} failed, ${total[2]} skipped`);
process.exit(results.some(({ code }) => code !== 0) || missing > 0 ? 1 : 0);
