/**
 * `npm run build -w @backroom/server`: bundles the server for `npm start` into dist/ — one file per
 * entry and lazily loaded part, plain JavaScript, so each process starts faster and holds less than
 * when it compiles TypeScript as it loads. Workspace packages are bundled; every package from
 * node_modules stays an import (native addons, packages that read files beside themselves).
 */
import { rm } from 'node:fs/promises';
import { build, type Plugin } from 'esbuild';

const dependenciesStayImports: Plugin = {
  name: 'dependencies-stay-imports',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@backroom/') || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const outdir = new URL('../dist/', import.meta.url).pathname;
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  outExtension: { '.js': '.mjs' },
  plugins: [dependenciesStayImports],
  logLevel: 'warning',
});
console.log(`server bundled into ${outdir}`);
