import { describe, expect, it } from 'vitest';
import { rewriteBaseHref } from './routes';

describe('rewriteBaseHref', () => {
  it('replaces whatever base the build wrote', () => {
    expect(rewriteBaseHref('<head><base href="/backoffice/new/"></head>', '/shop/new/')).toBe(
      '<head><base href="/shop/new/"></head>',
    );
    expect(rewriteBaseHref("<head><BASE href='./' /></head>", '/x/new/')).toBe('<head><base href="/x/new/"></head>');
  });

  it('adds one when there is none', () => {
    expect(rewriteBaseHref('<html><head lang="en"><title>t</title></head>', '/new/')).toBe(
      '<html><head lang="en"><base href="/new/"><title>t</title></head>',
    );
  });

  it('escapes the attribute', () => {
    expect(rewriteBaseHref('<head><base href="/"></head>', '/a"b/new/')).toBe(
      '<head><base href="/a&quot;b/new/"></head>',
    );
  });
});
