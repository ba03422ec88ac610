import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (packages/server), found from this module's own place, so the same
 * answer holds when the server runs from its sources (tsx, tests) or from its bundle (`dist/`).
 */
function serverRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('The server package.json was not found above the running code');
    folder = parent;
  }
  return folder;
}

export const SERVER_ROOT = serverRoot();

/** The repository's root (the workspace holding packages/). */
export const REPO_ROOT = join(SERVER_ROOT, '..', '..');
