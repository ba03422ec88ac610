/**
 * `npm test`: the checks and the build side by side, then the test suites one after the other.
 *
 * - The checks (`tsc -b`, ESLint, Prettier) and the build are independent single-threaded runs:
 *   side by side they take about as long as the typecheck alone. Any failing stops here.
 * - The browser suite (e2e) runs after the other suites, not beside them: each suite alone keeps
 *   the 2-core CI machine busy (the database suites at two files, the browser suite at two files
 *   each with a server and a Chromium), and beside each other they took 39–46 min where one after
 *   the other takes 28 (measured on 2026-11-29; docs/decisions/testing.md).
 *
 * Each line is prefixed with its step; the last line adds both suites' `tests:` lines up.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const CHECKS = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'format', command: ['npm', 'run', '--silent', 'format:check'] },
  { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
];

const SUITES = [
  { name: 'rest', projects: ['!e2e'] },
  { name: 'browser', projects: ['e2e'] },
];

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

const checks = await Promise.all(CHECKS.map(({ name, command }) => run(name, command)));
const failedChecks = CHECKS.filter((_, i) => checks[i]!.code !== 0).map(({ name }) => name);
console.log(`\nchecks: ${CHECKS.map(({ name }, i) => `${name} ${checks[i]!.seconds} s`).join(', ')}`);
if (failedChecks.length > 0) {
  console.log(`failed: ${failedChecks.join(', ')}; no test ran`);
  process.exit(1);
}

const results: Finished[] = [];
for (const { name, projects } of SUITES) {
  results.push(await run(name, ['npx', 'vitest', 'run', ...projects.flatMap((project) => ['--project', project])]));
}
const total = [0, 1, 2].map((i) => results.reduce((sum, { counts }) => sum + (counts?.[i] ?? 0), 0));
// A suite that ended without its count line (it did not start, or crashed) counts as a failure.
const missing = results.filter(({ counts }) => counts === null).length;
console.log(`\nsuites: ${SUITES.map(({ name }, i) => `${name} ${results[i]!.seconds} s`).join(', ')}`);
console.log(`tests: ${total[0]} passed, ${total[1]! + missing} failed, ${total[2]} skipped`);
process.exit(results.some(({ code }) => code !== 0) || missing > 0 ? 1 : 0);
