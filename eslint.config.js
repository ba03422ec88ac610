// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * `npm run lint`. The recommended rules of ESLint and typescript-eslint, React's hooks rules for the
 * console, and a few that catch real mistakes. Without type information: the typecheck (`tsc -b`)
 * is the type gate, and linting stays a matter of seconds. Formatting is Prettier's (`npm run format`).
 */
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '.tsbuild/',
      '**/coverage/',
      '**/test-results/',
      'packages/*/data/',
      'data/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      eqeqeq: ['error', 'smart'],
      'no-var': 'error',
      'prefer-const': ['error', { destructuring: 'all' }],
      'no-throw-literal': 'error',
      'no-self-compare': 'error',
      'no-template-curly-in-string': 'error',
      'no-useless-concat': 'error',
      'no-useless-rename': 'error',
      'object-shorthand': ['error', 'properties'],
      // `typeof import('…')` types a module loaded on first use (on-first-use.ts).
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      // An empty interface is one other files augment (modules/events.ts's ModuleEvents).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // The rules of hooks. Not the React Compiler's rules of the plugin's newer presets: the console
    // does not use the compiler.
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The untyped Kysely over the registry's tables (data/store.ts's AnyDb): migrations run against
    // every past schema, and the query compiler and catalogue work on any table. Typed rows from the
    // registry (issue 21) take these out of the list.
    files: [
      'packages/server/src/db/**/*.ts',
      'packages/server/src/data/store.ts',
      'packages/server/src/modules/terminals/catalogue.ts',
      'packages/server/test/durability/*.test.ts',
      'bench/support/products.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Browser tests and benches run code in the page too (page.evaluate).
    files: ['e2e/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
