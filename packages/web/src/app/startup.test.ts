import { describe, expect, it } from 'vitest';
import { startupAddress } from './startup';

describe('start-up address rule', () => {
  it('does nothing without a path parameter', () => {
    expect(startupAddress('', null)).toBeNull();
    expect(startupAddress('?requestid=5', 'admin')).toBeNull();
  });

  it('replaces the address by the path parameter', () => {
    expect(startupAddress('?path=/product/edit/3&requestid=9', null)).toBe('/product/edit/3');
    expect(startupAddress('?path=/outlet', 'admin')).toBe('/outlet');
  });

  it('goes to login plus the current query without requestid and without a stored user', () => {
    expect(startupAddress('?path=/product', null)).toBe('/login?path=/product');
  });

  it('goes home when the path contains login while a user is stored', () => {
    expect(startupAddress('?path=/login', 'admin')).toBe('/home');
    expect(startupAddress('?path=/Login&requestid=1', 'admin')).toBe('/home');
  });

  it('never leaves the app', () => {
    expect(startupAddress('?path=//evil.example/x', 'admin')).toBe('/evil.example/x');
    expect(startupAddress('?path=product', 'admin')).toBe('/product');
  });
});
