import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// `base: './'` keeps assets, locales and themes relative to the <base href> the server rewrites,
// so one build works under any base path.
export default defineConfig({
  base: './',
  // Every text file is also written brotli- and gzip-compressed beside itself, once at build; the
  // server sends the form the browser accepts (packages/server/src/spa/routes.ts).
  plugins: [
    react(),
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|json|svg|html|txt|map)$/,
      threshold: 1024,
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The plugin-timings note fires on any busy machine and asks nothing of the person starting the server.
      checks: { pluginTimings: false },
      // The shared schema package is plain declarations (zod schemas, constants, the registry);
      // marking it side-effect free lets the login page take a constant without pulling in zod.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]schema[\\/]/.test(id) },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Forms typed into key by key take seconds in jsdom, more on a busy machine.
    testTimeout: 20_000,
  },
});
