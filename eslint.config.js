import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'dist/', 'data/', 'node_modules/', 'tests/artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
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
