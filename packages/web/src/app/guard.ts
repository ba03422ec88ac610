/** Public routes (no shell). */
export const PUBLIC_PATHS = [
  '/login',
  '/resetpassword',
  '/unauthorized',
  '/lock',
  '/loginsuccess',
  '/logout',
  '/installer',
] as const;

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();

export const isPublicPath = (pathname: string) => (PUBLIC_PATHS as readonly string[]).includes(normalise(pathname));

const withRedirect = (target: string, redirect: string) => `${target}?redirect=${encodeURIComponent(redirect)}`;

/**
 * The route guard, applied on load and on every navigation. Returns where to go instead, or
 * null to stay. The first matching rule wins; /resetpassword and /unauthorized themselves stay put.
 * A signed-in user on /login has just signed in: they go on to the page the redirect parameter
 * names (or the start-up rule's `path`) when it is safe, else /home like every other public path.
 */
export function guardRedirect(pathname: string, search: string, signedIn: boolean): string | null {
  const path = normalise(pathname);
  const query = search.toLowerCase();
  if (path.includes('resetpassword') || query.includes('resetpassword')) {
    return path === '/resetpassword' ? null : withRedirect('/resetpassword', pathname + search);
  }
  if (path.includes('unauthorized')) {
    return path === '/unauthorized' ? null : withRedirect('/unauthorized', pathname + search);
  }
  if (!signedIn) return isPublicPath(path) ? null : withRedirect('/login', pathname);
  if (path === '/logout') return null;
  if (path === '/login') {
    const params = new URLSearchParams(search);
    return afterSignIn(params.get('redirect') ?? params.get('path'));
  }
  return isPublicPath(path) ? '/home' : null;
}

/** The fallback for a route no menu permission covers. */
export const fallbackPath = (signedIn: boolean) => (signedIn ? '/noaccess' : '/login');

/** Where to go after sign-in: the redirect parameter when it is a safe in-app path, else /home. */
export function afterSignIn(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return '/home';
  const path = redirect.split(/[?#]/)[0] ?? '';
  // eslint-disable-next-line no-control-regex -- a control character in an address is refused
  if (isPublicPath(path) || /[\u0000-\u001f]/.test(redirect)) return '/home';
  return redirect;
}
