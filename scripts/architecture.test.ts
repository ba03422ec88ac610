import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['packages/schema/src', 'packages/server/src', 'packages/web/src', 'e2e', 'bench'];

/** The import graph of every source folder, type-only imports included. */
const graph = () =>
  madge(SOURCES, {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: `${root}tsconfig.base.json`,
    excludeRegExp: [/node_modules/, /[\\/]dist[\\/]/],
  });

/**
 * Folders of the server whose modules the generic data service may import: the HTTP plumbing,
 * the app context and database types, encryption. Never a domain module or a feature folder.
 */
const DATA_MAY_IMPORT = /^packages\/server\/src\/(data|http|db|crypto)\/|^packages\/server\/src\/context\.ts$|^packages\/schema\//;

describe('the import graph', () => {
  it('has no circle anywhere in packages/, e2e or bench', async () => {
    expect((await graph()).circular()).toEqual([]);
  }, 60_000);

  it('keeps the generic data service free of domain modules', async () => {
    const imports = (await graph()).obj();
    const wrong = Object.entries(imports)
      .filter(([file]) => file.startsWith('packages/server/src/data/'))
      .flatMap(([file, deps]) => deps.filter((dep) => !DATA_MAY_IMPORT.test(dep)).map((dep) => `${file} → ${dep}`));
    expect(wrong).toEqual([]);
  }, 60_000);
});
