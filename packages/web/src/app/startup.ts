/**
 * The start-up address rule, as a pure function of the router-relative address. It applies
 * only when the query carries a `path` parameter (the entry links of the older console do);
 * without one the address is left to the route guard, so the two never contradict each other.
 * Returns the router-relative address to replace the current one with, or null.
 */
export function startupAddress(search: string, storedUserName: string | null): string | null {
  const params = new URLSearchParams(search);
  const path = params.get('path');
  if (path === null) return null;
  if (!params.has('requestid') && !storedUserName) return `/login${search}`;
  if (path.toLowerCase().includes('login') && storedUserName) return '/home';
  // Only an in-app path: never an address on another site.
  return path.startsWith('/') && !path.startsWith('//') ? path : `/${path.replace(/^\/+/, '')}`;
}
