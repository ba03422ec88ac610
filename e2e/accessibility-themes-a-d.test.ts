import { describe, expect, test } from 'vitest';
import { auditThemes } from './support/axe';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();

// Themes a–d of eight (a–d and e–h in two files, run side by side); the default theme: accessibility.test.ts.
describe('accessibility (axe-core, WCAG 2.1 A/AA): no serious or critical finding', () => {
  test('a sample of screens, the Settings panel, the list’s bars and dialogs and the command palette, in themes a–d', async () => {
    await signIn(t.page, t.server.app, DEMO.admin);
    const findings = await auditThemes(t.page, t.server.app, ['a', 'b', 'c', 'd']);
    if (findings.length > 0) console.log(findings.join('\n'));
    expect(findings).toEqual([]);
  }, 600_000);
});
