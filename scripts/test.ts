/**
 * `npm test`: the build, then the database and web suites with the checks beside them, then the
 * browser suite.
 *
 * - The build first: the browser suite serves the console's build, and some server tests start the
 *   server's bundle in processes of their own.
 * - The checks (`tsc -b`, ESLint, Prettier) beside the database and web suites: single-threaded
 *   runs that fill the cores those suites leave idle while they wait on their databases. A failing
 *   check fails the run, and the browser suite is not started.
 * - The browser suite after the others, not beside them: each suite alone keeps the 2-core CI
 *   machine busy (the database suites at two files, the browser suite at two files each with a
 *   server and a Chromium), and beside each other they took 39–46 min where one after the other
 *   takes 28 (measured on 2026-11-29; docs/decisions/testing.md).
 *
 * Each line is prefixed with its step; the last lines give each step's seconds and add both
 * suites' `tests:` lines up.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const BUILD = ['npm', 'run', '--silent', 'build'];

const CHECKS = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'format', command: ['npm', 'run', '--silent', 'format:check'] },
];

const vitest = (...projects: string[]) => ['npx', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p])];

const COUNTS = /^tests: (\d+) passed, (\d+) failed, (\d+) skipped$/;

interface Finished {
  code: number;
  counts: number[] | null;
  seconds: number;
}

function run(name: string, [command, ...args]: string[]): Promise<Finished> {
  const started = performance.now();
  const child = spawn(command!, args, {
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
  return new Promise((resolve) =>
    child.on('close', (code) =>
      resolve({ code: code ?? 1, counts, seconds: Math.round((performance.now() - started) / 1000) }),
    ),
  );
}

/** Each step's name and end, in the order they ended. */
const steps: [string, Finished][] = [];
const step = async (name: string, command: string[]) => {
  const finished = await run(name, command);
  steps.push([name, finished]);
  return finished;
};

if ((await step('build', BUILD)).code !== 0) {
  console.log('\nthe build failed; no test ran');
  process.exit(1);
}
const [rest, ...checks] = await Promise.all([
  step('rest', vitest('!e2e')),
  ...CHECKS.map(({ name, command }) => step(name, command)),
]);
const failedChecks = CHECKS.filter((_, i) => checks[i]!.code !== 0).map(({ name }) => name);
const suites = [rest!, ...(failedChecks.length === 0 ? [await step('browser', vitest('e2e'))] : [])];

const total = [0, 1, 2].map((i) => suites.reduce((sum, { counts }) => sum + (counts?.[i] ?? 0), 0));
// A suite that ended without its count line (it did not start, or crashed) counts as a failure.
const missing = suites.filter(({ counts }) => counts === null).length;
console.log(`\nsteps: ${steps.map(([name, { seconds }]) => `${name} ${seconds} s`).join(', ')}`);
if (failedChecks.length > 0) console.log(`failed: ${failedChecks.join(', ')}; the browser suite did not run`);
console.log(`tests: ${total[0]} passed, ${total[1]! + missing} failed, ${total[2]} skipped`);
process.exit(failedChecks.length > 0 || suites.some(({ code }) => code !== 0) || missing > 0 ? 1 : 0);
