const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const { builtinModules } = require('node:module');
const prettier = require('eslint-config-prettier');

const NODE_BUILTINS = builtinModules.filter((m) => !m.startsWith('_'));

module.exports = tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tools/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    files: ['**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        AbortSignal: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // A promise nobody awaits loses its error (an unhandled rejection) or, in a workflow, a step.
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: __dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  // Workflows are replayed in Temporal's sandbox: no Node builtins, no I/O, nothing but the contract, the
  // domain's light limits and the activities' types (samples-typescript/.shared/.eslintrc.js).
  {
    files: ['apps/worker/src/workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...NODE_BUILTINS.map((name) => ({ name, message: 'Workflows run in a sandbox without Node builtins.' })),
            { name: '@dte/domain', message: 'Workflows import only @dte/domain/limites.' },
          ],
          patterns: [
            { group: ['node:*'], message: 'Workflows run in a sandbox without Node builtins.' },
            {
              group: ['@dte/activities', '@dte/store', '@dte/config', '@dte/contract/client'],
              allowTypeImports: true,
              message: 'Workflows call activities through proxies: import their types only.',
            },
          ],
        },
      ],
    },
  },
  // The domain is pure: no database, no Temporal, no side effects of other packages.
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['mongoose', 'minio', '@temporalio/*', '@dte/activities', '@dte/store', '@dte/contract'],
              message: 'The domain is pure: no persistence, no Temporal.',
            },
          ],
        },
      ],
    },
  },
  // The gateway starts workflows and reads the store; it never loads the activities (Chromium, SMTP, MH).
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@dte/activities'], message: 'The API depends on @dte/store, not on the activities.' }],
        },
      ],
    },
  },
  // The published client runs in browsers too and installs alone: no Node builtin, none of the service's packages.
  {
    files: ['packages/client/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILTINS.map((name) => ({ name, message: 'The client runs in browsers: no Node builtins.' })),
          patterns: [
            { group: ['node:*'], message: 'The client runs in browsers: no Node builtins.' },
            { group: ['@dte/*'], message: 'The client is published alone: it depends on no package of the service.' },
          ],
        },
      ],
    },
  },
);
