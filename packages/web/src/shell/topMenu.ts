import type { TopMenuEntry } from '@backroom/schema';

/** A route starting with http is used as is; one starting with / goes under the web URL plus /new. */
export function topMenuHref(entry: TopMenuEntry, webUrl: string): string | null {
  const { route } = entry;
  if (/^https?:\/\//i.test(route)) return route;
  if (route.startsWith('/')) return `${webUrl}/new${route}`;
  return null;
}
