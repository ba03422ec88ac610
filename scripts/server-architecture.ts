/**
 * The server's module contract, checked on an import graph (file → files it imports, paths from
 * the repository root, as madge draws it). Pure functions: the architecture test feeds them the
 * real graph, and planted graphs to prove each rule fails (docs/architecture/server-modules.md).
 */

export type Graph = Readonly<Record<string, readonly string[]>>;

const SERVER = 'packages/server/src/';
const SCHEMA = 'packages/schema/';

/**
 * The server's layers, lowest first. A file imports its own layer or lower ones, never higher:
 * `db/` sits on the configuration alone, the HTTP and security plumbing on the database, the
 * generic services on those, the modules' contract on the services, the modules on the contract,
 * and the composition (the module list, the app, the process) on top.
 */
const LAYERS: readonly { name: string; holds: RegExp }[] = [
  { name: 'base', holds: /^(config\.ts|paths\.ts|time\/)/ },
  { name: 'database', holds: /^db\// },
  { name: 'plumbing', holds: /^(http|crypto|mail|metrics|tracing)\/|^context\.ts$/ },
  {
    name: 'generic services',
    holds: /^(data|jobs|files|info|openapi|print|procedures|spa)\/|^(on-first-use|shutdown)\.ts$/,
  },
  { name: 'module contract', holds: /^modules\/[^/]+\.ts$/ },
  { name: 'modules', holds: /^modules\/[^/]+\// },
  { name: 'composition', holds: /^(module-list|prepare|app|main)\.ts$/ },
];

/** `packages/server/src/modules/stock/ledger.ts` → `stock`. */
export const moduleOf = (file: string): string | undefined =>
  file.startsWith(`${SERVER}modules/`) ? /^modules\/([^/]+)\//.exec(file.slice(SERVER.length))?.[1] : undefined;

/** The layer of a server source file (tests beside the sources count as their folder's), or undefined outside `packages/server/src`. */
function layerOf(file: string): number | undefined {
  if (file.startsWith(SCHEMA)) return 0;
  if (!file.startsWith(SERVER)) return undefined;
  const at = LAYERS.findIndex((layer) => layer.holds.test(file.slice(SERVER.length)));
  if (at < 0)
    throw new Error(`${file} is in no layer of the server: add it to LAYERS in scripts/server-architecture.ts`);
  return at;
}

const isTest = (file: string) => /\.test\.ts$/.test(file);

/** Every import of a server file that breaks the contract, as `from → to (why)`. */
export function layerBreaches(graph: Graph): string[] {
  const breaches: string[] = [];
  for (const [file, deps] of Object.entries(graph)) {
    if (!file.startsWith(SERVER) || isTest(file)) continue;
    const from = layerOf(file)!;
    const fromModule = moduleOf(file);
    for (const dep of deps) {
      const to = layerOf(dep);
      if (to === undefined) continue;
      const toModule = moduleOf(dep);
      if (toModule && fromModule && toModule !== fromModule) {
        if (dep !== `${SERVER}modules/${toModule}/index.ts`)
          breaches.push(`${file} → ${dep} (another module's inside: import its index.ts)`);
      } else if (to > from) {
        breaches.push(`${file} → ${dep} (${LAYERS[from]!.name} imports ${LAYERS[to]!.name}, a layer above it)`);
      }
    }
  }
  return breaches;
}

/** The import circles of a graph, each as its files in order (the first repeated at the end). */
export function circles(graph: Graph): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const dep of graph[file] ?? []) {
      if (state.get(dep) === 'open') found.push([...path.slice(path.indexOf(dep)), dep]);
      else if (!state.has(dep)) visit(dep);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of Object.keys(graph)) if (!state.has(file)) visit(file);
  return found;
}

/** Entity keys of the modules' hooks that name no registry entity, as `module: key`. */
export function unknownEntityKeys(
  modules: readonly { name: string; entities?: Readonly<Record<string, unknown>> }[],
  isEntity: (name: string) => boolean,
): string[] {
  return modules.flatMap((module) =>
    Object.keys(module.entities ?? {})
      .filter((key) => !isEntity(key))
      .map((key) => `${module.name}: ${key}`),
  );
}
