import { describe, expect, test } from 'vitest';
import { DEMO, signIn } from './support/console';
import { consoleHarness } from './support/harness';

const t = consoleHarness();

describe('the console under its Content-Security-Policy', () => {
  test('the page carries no inline script, and the policy forbids inline script and framing', async () => {
    const response = await fetch(`${t.server.app}/login`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  test('signing in and opening lists, forms and the profile breaks no rule of it', async () => {
    const violations: string[] = [];
    await t.page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    t.page.on('console', (message) => {
      if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
    });
    await signIn(t.page, t.server.app, DEMO.admin);
    for (const path of ['/product', '/product/add', '/user', '/roleprivilege', '/profil']) {
      await t.page.goto(`${t.server.app}${path}`);
      await t.page.getByRole('main').waitFor();
      await t.page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });
});
