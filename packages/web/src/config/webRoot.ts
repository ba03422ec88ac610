import { logoutPath } from '@backroom/schema';

/**
 * The web root is the origin plus the first path segment; when the path contains a
 * setup section, the second segment as well. The setup section is looked for only in the part of
 * the path before the front end's own `/new/` segment, so menu routes such as `gstsetup` or a
 * future `…/setup` route can never change it.
 */
export interface WebRoot {
  /** Origin plus base path, no trailing slash: `https://shop.example/backoffice`. */
  url: string;
  /** The base path alone: `/backoffice` or `/backoffice/setup` (empty at the origin's root). */
  basePath: string;
  /** `{web root}/core`. */
  apiBase: string;
  /** `{web root}/WebAPI`. */
  legacyBase: string;
  /** React Router basename: base path plus `/new`. */
  routerBase: string;
}

export function computeWebRoot(location: { origin: string; pathname: string }): WebRoot {
  const segments = location.pathname.split('/').filter(Boolean);
  const newIndex = segments.findIndex((segment) => segment.toLowerCase() === 'new');
  const prefix = newIndex === -1 ? segments : segments.slice(0, newIndex);
  const hasSetup = prefix.some((segment) => segment.toLowerCase() === 'setup');
  const baseSegments = segments.slice(0, hasSetup ? 2 : 1);
  const basePath = baseSegments.length ? `/${baseSegments.join('/')}` : '';
  const url = `${location.origin}${basePath}`;
  return {
    url,
    basePath,
    apiBase: `${url}/core`,
    legacyBase: `${url}/WebAPI`,
    routerBase: `${basePath}/new`,
  };
}

export const webRoot: WebRoot = computeWebRoot(window.location);

/** The console's login page under the base URL (`{web root}/new/login`). */
export const loginUrl = (root: WebRoot = webRoot) => `${root.url}/new/login`;

/** The logout target: the lower-cased web URL with `/setup` removed. */
export const logoutUrl = (root: WebRoot = webRoot) =>
  `${root.url.slice(0, root.url.length - root.basePath.length).toLowerCase()}${logoutPath(root.basePath)}`;
