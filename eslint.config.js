// ESLint flat config: typescript-eslint's type-aware recommended rules everywhere, react-hooks and jsx-a11y for the web
// app, and the architecture's import boundaries (eslint/boundaries.js, a table) with the project's own rules (eslint/).
// Rules turned off or relaxed carry their reason here and in docs/decisions/0019-lint-and-format.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { BOUNDARIES, TEST_FILES } from './eslint/boundaries.js';
import rampart from './eslint/plugin.js';

const root = path.dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  {
    // Generated code, build output, data and dependencies.
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/.data/**',
      'apps/server/src/generated/**',
      'apps/web/src/gql/**',
      'bench/results/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  {
    // A directive that is no longer needed is an error (ESLint's own check, so the plugin's no-unused-disable is not used);
    // every directive says why after ` -- `, names its rules, and is not repeated.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@eslint-community/eslint-comments': eslintComments },
    rules: {
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      '@eslint-community/eslint-comments/no-duplicate-disable': 'error',
      '@eslint-community/eslint-comments/no-unused-enable': 'error',
    },
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        // Every TypeScript file belongs to a tsconfig (tsconfig.json references them all); the root codegen config is the only loose one.
        projectService: { allowDefaultProject: ['codegen.ts'] },
        tsconfigRootDir: root,
      },
    },
    plugins: { rampart },
    rules: {
      'rampart/boundaries': ['error', { root, boundaries: BOUNDARIES }],
      'rampart/explained-type-escape': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': 'allow-with-description', 'ts-expect-error': 'allow-with-description', 'ts-nocheck': true, minimumDescriptionLength: 8 },
      ],
      // Off: its ~70 sites are async implementations of promise-returning interfaces (provider adapters, the OIDC store, fakes, Fastify plugins), where `async` also turns a throw into a rejection; dropping it would change that (decision 0019).
      '@typescript-eslint/require-await': 'off',
      // React's event attributes take async handlers (react-hook-form's handleSubmit returns a promise); elsewhere a promise where void is expected stays an error.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Plain JavaScript (scripts, configs, the lint rules themselves): no type information.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/e2e/**'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // autoFocus on our form components moves focus to the field a user's action just revealed (a dialog, the code step); on a raw element it still needs a reason.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // Off: a React Compiler rule (we do not compile with it) against resetting local state from a prop in an effect, our dialogs' and forms' 23 resets; each rewrite is its own UI change (decision 0019).
      'react-hooks/set-state-in-effect': 'off',
      // Off: a React Compiler notice that it would skip memoising a component calling TanStack Table's useReactTable or react-hook-form's watch (16 sites);
      // we do not compile with it, so it says nothing about our code (decision 0019).
      'react-hooks/incompatible-library': 'off',
      // Our option cards wrap the control and put its words two spans deep.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    files: [...TEST_FILES, 'bench/**'],
    rules: {
      // Tests and benchmarks read untyped JSON and GraphQL response bodies (`await res.json()`, `data.x.y`) and let expect() check their shape:
      // ~1,700 no-unsafe-* / any sites that a cast per line would only hide (decision 0019). Source files keep these rules.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
