import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { circles, type Graph } from './server-architecture';

/**
 * The web's module contract, read from its import graph (docs/architecture/web-modules.md): the
 * features are the folders `app/modules.ts` lists; nothing else imports a feature, features import
 * each other only through their `index.ts`, no import runs back up the layers, and none in a circle.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const WEB = 'packages/web/src/';
const MODULE_LIST = `${WEB}app/modules.ts`;

let drawn: Promise<Graph> | undefined;
/** The web's import graph, type-only and lazy imports included (drawn once). */
const webGraph = () =>
  (drawn ??= madge(WEB, {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: `${root}tsconfig.base.json`,
    excludeRegExp: [/node_modules/, /[\\/]dist[\\/]/],
  }).then((result) => result.obj()));

/**
 * The layers of `src/`, bottom up (docs/architecture.md): a file imports from its own layer and
 * those below. The features (whatever `app/modules.ts` lists) sit between the pages and the app.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['config', 'store', 'api', 'i18n', 'styles'],
  ['ui', 'fields', 'forms', 'data'],
  ['screens'],
  ['shell', 'pages', 'home', 'apidocs'],
  ['(features)'],
  ['app'],
  ['test'],
];

/** `packages/web/src/stock/api.ts` → `stock`; files at the top of `src/` have no folder. */
const folderOf = (file: string) => (file.startsWith(WEB) ? /^([^/]+)\//.exec(file.slice(WEB.length))?.[1] : undefined);

/** The feature folders: those whose `index.ts` the module list imports. */
const featuresOf = (graph: Graph) =>
  new Set((graph[MODULE_LIST] ?? []).filter((dep) => dep.endsWith('/index.ts')).flatMap((dep) => folderOf(dep) ?? []));

/** A folder's layer; -1 for one no layer names (a new folder must be given one). */
const layerOf = (folder: string, features: ReadonlySet<string>) =>
  LAYERS.findIndex((layer) => layer.includes(features.has(folder) ? '(features)' : folder));

/** Every import that breaks the contract, as `from → to (why)`. */
function contractBreaches(graph: Graph): string[] {
  const features = featuresOf(graph);
  const breaches: string[] = [];
  for (const [file, deps] of Object.entries(graph)) {
    if (!file.startsWith(WEB)) continue;
    const from = folderOf(file);
    if (from !== undefined && layerOf(from, features) < 0) breaches.push(`${file} (its folder has no layer)`);
    for (const dep of deps) {
      const to = folderOf(dep);
      if (to === undefined || to === from) continue;
      if (!features.has(to)) {
        const own = from === undefined ? -1 : layerOf(from, features);
        // A test may use the test harness, which stands above everything.
        if (own >= 0 && layerOf(to, features) > own && !/\.test\.tsx?$/.test(file))
          breaches.push(`${file} → ${dep} (runs back up the layers)`);
        continue;
      }
      const throughIndex = dep === `${WEB}${to}/index.ts`;
      if (file === MODULE_LIST && throughIndex) continue;
      if (from === undefined || !features.has(from))
        breaches.push(`${file} → ${dep} (generic code imports no feature)`);
      else if (!throughIndex) breaches.push(`${file} → ${dep} (another feature only through its index.ts)`);
    }
  }
  return breaches;
}

describe('the web module contract', () => {
  it('lists the features once in app/modules.ts', async () => {
    expect([...featuresOf(await webGraph())].sort()).toEqual([
      'admin',
      'catalogue',
      'online',
      'pricing',
      'purchasing',
      'reorder',
      'sheets',
      'stock',
      'terminals',
    ]);
  }, 60_000);

  it('holds in packages/web: no generic import of a feature, features meet through index.ts, nothing runs back up the layers, no circle', async () => {
    const graph = await webGraph();
    expect(contractBreaches(graph)).toEqual([]);
    expect(circles(graph)).toEqual([]);
  }, 60_000);

  describe('the checker, on a planted bad import', () => {
    const file = (path: string) => `${WEB}${path}`;
    const good: Graph = {
      [MODULE_LIST]: [file('stock/index.ts'), file('pricing/index.ts'), file('screens/modules.tsx')],
      [file('stock/index.ts')]: [file('screens/webModule.ts')],
      [file('stock/LowStockScreen.tsx')]: [file('screens/errorText.ts'), file('pricing/index.ts')],
      [file('pricing/index.ts')]: [file('screens/webModule.ts')],
      [file('screens/FormScreen.tsx')]: [file('screens/modules.tsx')],
      [file('app/SignedInApp.tsx')]: [MODULE_LIST],
    };
    const plant = (from: string, to: string): Graph => ({
      ...good,
      [file(from)]: [...(good[file(from)] ?? []), file(to)],
    });

    it('passes the good graph', () => {
      expect(contractBreaches(good)).toEqual([]);
      expect(circles(good)).toEqual([]);
    });

    it('fails a generic screen importing a feature, even its index.ts', () => {
      expect(contractBreaches(plant('screens/FormScreen.tsx', 'stock/ProductStockTab.tsx'))).toEqual([
        `${file('screens/FormScreen.tsx')} → ${file('stock/ProductStockTab.tsx')} (generic code imports no feature)`,
      ]);
      expect(contractBreaches(plant('fields/FieldInput.tsx', 'stock/index.ts'))).toHaveLength(1);
      expect(contractBreaches(plant('app/SignedInApp.tsx', 'stock/index.ts'))).toHaveLength(1);
    });

    it('fails an import running back up the layers, and a folder of no layer', () => {
      expect(contractBreaches(plant('fields/FieldInput.tsx', 'screens/modules.tsx'))).toEqual([
        `${file('fields/FieldInput.tsx')} → ${file('screens/modules.tsx')} (runs back up the layers)`,
      ]);
      expect(contractBreaches(plant('stock/LowStockScreen.tsx', 'app/SignedInApp.tsx'))).toEqual([
        `${file('stock/LowStockScreen.tsx')} → ${file('app/SignedInApp.tsx')} (runs back up the layers)`,
      ]);
      expect(contractBreaches(plant('screens/FormScreen.test.tsx', 'test/app.tsx'))).toEqual([]);
      expect(contractBreaches(plant('widgets/Chart.tsx', 'ui/Spinner.tsx'))).toEqual([
        `${file('widgets/Chart.tsx')} (its folder has no layer)`,
      ]);
    });

    it('fails a feature reaching into another past its index.ts', () => {
      expect(contractBreaches(plant('stock/LowStockScreen.tsx', 'pricing/api.ts'))).toEqual([
        `${file('stock/LowStockScreen.tsx')} → ${file('pricing/api.ts')} (another feature only through its index.ts)`,
      ]);
    });

    it('fails a circle', () => {
      expect(
        circles(plant('screens/modules.tsx', 'app/SignedInApp.tsx')).map((circle) => [...new Set(circle)].sort()),
      ).toEqual([[file('app/SignedInApp.tsx'), MODULE_LIST, file('screens/modules.tsx')]]);
    });
  });
});
