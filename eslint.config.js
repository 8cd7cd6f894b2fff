import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import regexpPlugin from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'dist/', 'data/', 'node_modules/', 'tests/artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  // Regular expressions: the recommended checks everywhere; in production code, patterns whose matching time can grow
  // faster than the text they read (backtracking, or a search that restarts at every position) are errors, as one
  // request's text must never hold up the process.
  regexpPlugin.configs['flat/recommended'],
  // The Russian alphabet's ranges are as plain to read here as a-z.
  { settings: { regexp: { allowedCharacterRanges: ['alphanumeric', 'а-я', 'А-Я'] } } },
  {
    files: ['server/**', 'lib/**', 'site/**', 'admin/**', 'dataProvider/**', 'authProvider/**'],
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'certain' }],
      'regexp/no-super-linear-move': ['error', { ignoreSticky: false, ignorePartial: false }],
    },
  },
  // React's rules of hooks where React code lives.
  { ...reactHooks.configs.flat.recommended, files: ['admin/**', 'site/**', 'tests/admin/**'] },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The public pages hydrate with Preact's React-compatible layer (site/vite/preactForPages.ts): their browser code
    // keeps to the API both share.
    files: ['site/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['use', 'useActionState', 'useOptimistic', 'useFormStatus', 'useEffectEvent', 'Activity'],
              message: 'React 19-only API: the public pages hydrate with preact/compat.',
            },
            {
              name: 'react-dom',
              importNames: ['useFormStatus', 'preload', 'preinit'],
              message: 'React 19-only API: the public pages hydrate with preact/compat.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may assert presence with `!` after checking a fixture they built themselves.
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
