import { describe, expect, it } from 'vitest';
import { afterSignIn, fallbackPath, guardRedirect } from './guard';

describe('route guard on load', () => {
  it('sends a path containing resetpassword to /resetpassword with the original path and query', () => {
    expect(guardRedirect('/account/resetpassword', '?code=1', false)).toBe(
      `/resetpassword?redirect=${encodeURIComponent('/account/resetpassword?code=1')}`,
    );
    expect(guardRedirect('/account/resetpassword', '', true)).toBe(
      `/resetpassword?redirect=${encodeURIComponent('/account/resetpassword')}`,
    );
  });

  it('sends a query containing resetpassword there too', () => {
    expect(guardRedirect('/home', '?next=resetpassword', true)).toBe(
      `/resetpassword?redirect=${encodeURIComponent('/home?next=resetpassword')}`,
    );
  });

  it('leaves /resetpassword itself alone, signed in or not', () => {
    expect(guardRedirect('/resetpassword', '', false)).toBeNull();
    expect(guardRedirect('/resetpassword', '?redirect=%2Fx', true)).toBeNull();
  });

  it('sends a path containing unauthorized to /unauthorized with the same redirect handling', () => {
    expect(guardRedirect('/old/unauthorized', '?a=b', true)).toBe(
      `/unauthorized?redirect=${encodeURIComponent('/old/unauthorized?a=b')}`,
    );
    expect(guardRedirect('/unauthorized', '?redirect=%2Fproduct', false)).toBeNull();
  });

  it('sends an anonymous visitor of a non-public path to /login with the original path', () => {
    expect(guardRedirect('/product/edit/4', '?tab=2', false)).toBe(
      `/login?redirect=${encodeURIComponent('/product/edit/4')}`,
    );
    expect(guardRedirect('/', '', false)).toBe('/login?redirect=%2F');
  });

  it('lets an anonymous visitor stay on every public path', () => {
    for (const path of ['/login', '/lock', '/loginsuccess', '/logout'])
      expect(guardRedirect(path, '', false)).toBeNull();
  });

  it('keeps a signed-in user on /logout', () => {
    expect(guardRedirect('/logout', '', true)).toBeNull();
  });

  it('sends a signed-in user on any other public path to /home', () => {
    for (const path of ['/login', '/lock', '/loginsuccess', '/login/'])
      expect(guardRedirect(path, '', true)).toBe('/home');
  });

  it('moves a user who has just signed in on /login to the safe redirect target', () => {
    expect(guardRedirect('/login', '?redirect=%2Fproduct%2Fedit%2F3', true)).toBe('/product/edit/3');
    expect(guardRedirect('/login', '?path=%2Foutlet', true)).toBe('/outlet');
    expect(guardRedirect('/login', '?redirect=https%3A%2F%2Fevil.example', true)).toBe('/home');
    expect(guardRedirect('/lock', '?redirect=%2Fproduct', true)).toBe('/home');
  });

  it('lets a signed-in user through to shell and menu paths', () => {
    expect(guardRedirect('/product', '', true)).toBeNull();
    expect(guardRedirect('/home', '', true)).toBeNull();
  });
});

describe('fallback and after sign-in', () => {
  it('falls back to /login when nobody is signed in, else /noaccess', () => {
    expect(fallbackPath(false)).toBe('/login');
    expect(fallbackPath(true)).toBe('/noaccess');
  });

  it('goes to a safe relative redirect, else /home', () => {
    expect(afterSignIn('/product/edit/3?x=1')).toBe('/product/edit/3?x=1');
    expect(afterSignIn(null)).toBe('/home');
    expect(afterSignIn('https://evil.example/')).toBe('/home');
    expect(afterSignIn('//evil.example/')).toBe('/home');
    expect(afterSignIn('/\\evil.example')).toBe('/home');
    expect(afterSignIn('/login')).toBe('/home');
  });
});
