import { fileURLToPath, pathToFileURL } from 'node:url';
import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';
import { circles, layerBreaches, unknownEntityKeys, type Graph } from './server-architecture';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['packages/schema/src', 'packages/server/src', 'packages/web/src', 'e2e', 'bench'];

let drawn: ReturnType<typeof madge> | undefined;
/** The import graph of every source folder, type-only imports included (drawn once). */
const graph = () =>
  (drawn ??= madge(SOURCES, {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: `${root}tsconfig.base.json`,
    excludeRegExp: [/node_modules/, /[\\/]dist[\\/]/],
  }));

/**
 * Folders of the server whose modules the generic data service may import: the HTTP plumbing,
 * the app context and database types, encryption. Never a domain module or a feature folder.
 */
const DATA_MAY_IMPORT =
  /^packages\/server\/src\/(data|http|db|crypto)\/|^packages\/server\/src\/context\.ts$|^packages\/schema\//;

// Drawing the graph reads and resolves every source file: ~30 s on a quiet 2-core machine, over 60 s
// beside the rest of \`npm test\`. Drawn once before the tests, which then only read it.
beforeAll(() => graph(), 240_000);

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

describe('the server’s module contract (docs/architecture/server-modules.md)', () => {
  it('holds on the server’s import graph: layers import nothing above them, modules each other only through index.ts, no circles', async () => {
    const imports = (await graph()).obj();
    expect(layerBreaches(imports)).toEqual([]);
    expect(circles(imports)).toEqual([]);
  }, 60_000);

  it('names only registry entities in the modules’ hooks', async () => {
    // Loaded at run time: the scripts project does not typecheck the server's sources.
    const load = (path: string) => import(pathToFileURL(`${root}${path}`).href);
    const { MODULES } = (await load('packages/server/src/module-list.ts')) as {
      MODULES: Parameters<typeof unknownEntityKeys>[0];
    };
    const { findEntity } = (await load('packages/schema/src/index.ts')) as {
      findEntity: (name: string) => { name: string } | undefined;
    };
    expect(MODULES.length).toBeGreaterThan(10);
    expect(unknownEntityKeys(MODULES, (key) => findEntity(key)?.name === key)).toEqual([]);
  }, 60_000);

  describe('fails on a planted bad import', () => {
    const S = 'packages/server/src/';
    /** A small server that keeps the contract; each case plants one bad import in it. */
    const good: Graph = {
      [`${S}config.ts`]: [`${S}paths.ts`],
      [`${S}paths.ts`]: [],
      [`${S}db/connect.ts`]: [`${S}config.ts`],
      [`${S}http/envelope.ts`]: [`${S}db/connect.ts`],
      [`${S}data/write.ts`]: [`${S}http/envelope.ts`, 'packages/schema/src/index.ts'],
      [`${S}modules/module.ts`]: [`${S}data/write.ts`],
      [`${S}modules/stock/index.ts`]: [`${S}modules/module.ts`, `${S}modules/stock/ledger.ts`],
      [`${S}modules/stock/ledger.ts`]: [`${S}data/write.ts`],
      [`${S}modules/online/index.ts`]: [`${S}modules/online/place.ts`],
      [`${S}modules/online/place.ts`]: [`${S}modules/stock/index.ts`],
      [`${S}module-list.ts`]: [`${S}modules/stock/index.ts`, `${S}modules/online/index.ts`],
      [`${S}app.ts`]: [`${S}module-list.ts`, `${S}modules/module.ts`],
    };
    const planted = (from: string, to: string): Graph => ({
      ...good,
      [`${S}${from}`]: [...(good[`${S}${from}`] ?? []), `${S}${to}`],
    });

    it('the planting ground itself passes', () => {
      expect(layerBreaches(good)).toEqual([]);
      expect(circles(good)).toEqual([]);
    });

    it.each([
      [
        'a generic layer imports a module',
        'data/write.ts',
        'modules/stock/index.ts',
        'generic services imports modules',
      ],
      [
        'the module contract imports a module',
        'modules/module.ts',
        'modules/stock/index.ts',
        'module contract imports modules',
      ],
      [
        'a module reaches into another',
        'modules/online/place.ts',
        'modules/stock/ledger.ts',
        "another module's inside",
      ],
      ['db/ imports what is above it', 'db/connect.ts', 'http/envelope.ts', 'database imports plumbing'],
      ['db/ imports a module', 'db/connect.ts', 'modules/stock/index.ts', 'database imports modules'],
      ['http/ imports what is above it', 'http/envelope.ts', 'data/write.ts', 'plumbing imports generic services'],
      ['http/ imports the composition', 'http/envelope.ts', 'app.ts', 'plumbing imports composition'],
    ])('%s', (_, from, to, why) => {
      expect(layerBreaches(planted(from, to))).toEqual([
        `${S}${from} → ${S}${to} (${why}${why.includes('inside') ? ': import its index.ts' : ', a layer above it'})`,
      ]);
    });

    it('an import circle', () => {
      expect(circles(planted('modules/stock/ledger.ts', 'modules/online/index.ts'))).toEqual([
        [
          `${S}modules/stock/index.ts`,
          `${S}modules/stock/ledger.ts`,
          `${S}modules/online/index.ts`,
          `${S}modules/online/place.ts`,
          `${S}modules/stock/index.ts`,
        ],
      ]);
    });

    it('a file in no layer', () => {
      expect(() => layerBreaches({ ...good, [`${S}helpers/misc.ts`]: [] })).toThrow(/in no layer/);
    });

    it('a module’s hook under an entity the registry lacks', () => {
      const isEntity = (key: string) => ['product', 'stockmovement'].includes(key);
      expect(
        unknownEntityKeys([{ name: 'stock', entities: { product: {}, stockmovment: {} } }, { name: 'menu' }], isEntity),
      ).toEqual(['stock: stockmovment']);
    });
  });
});
