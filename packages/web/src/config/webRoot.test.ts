import { describe, expect, it } from 'vitest';
import { computeWebRoot, loginUrl, logoutUrl } from './webRoot';

const at = (pathname: string) => computeWebRoot({ origin: 'https://shop.example', pathname });

describe('web root', () => {
  it('is the origin plus the first path segment', () => {
    const root = at('/backoffice/new/login');
    expect(root.url).toBe('https://shop.example/backoffice');
    expect(root.apiBase).toBe('https://shop.example/backoffice/core');
    expect(root.legacyBase).toBe('https://shop.example/backoffice/WebAPI');
    expect(root.routerBase).toBe('/backoffice/new');
  });

  it('includes the second segment when the path has a setup section', () => {
    const root = at('/Backoffice/setup/new/product/edit/3');
    expect(root.url).toBe('https://shop.example/Backoffice/setup');
    expect(root.basePath).toBe('/Backoffice/setup');
    expect(root.routerBase).toBe('/Backoffice/setup/new');
  });

  it('ignores menu routes that merely contain the word setup', () => {
    expect(at('/backoffice/new/gstsetup').url).toBe('https://shop.example/backoffice');
    expect(at('/backoffice/new/orderingsetup/add').url).toBe('https://shop.example/backoffice');
  });

  it('builds the login and logout addresses', () => {
    const root = at('/BackOffice/Setup/new/home');
    expect(loginUrl(root)).toBe('https://shop.example/BackOffice/Setup/new/login');
    expect(logoutUrl(root)).toBe('https://shop.example/backoffice');
  });
});
