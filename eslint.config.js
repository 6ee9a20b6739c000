import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { domainFiles, INFRASTRUCTURE_MODULES } from './scripts/lint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'web/src/routeTree.gen.ts', '.ci/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // domain code (deciders, evolve, rules) is pure: no web framework, database, broker or mailer
    // (import boundaries and cycles: .dependency-cruiser.mjs, also run by `npm run lint`)
    files: domainFiles(),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: INFRASTRUCTURE_MODULES,
              message:
                'Domain code is pure (decide/evolve): infrastructure belongs in the application layer.',
            },
          ],
        },
      ],
    },
  },
  {
    // issue 29: no application file over 350 lines, no function over 80 (every line counted)
    files: ['services/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/testing/**'],
    rules: {
      'max-lines': ['error', { max: 350, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  {
    // a port's contract test (`*.contract.ts`, run by each adapter's spec) is a test suite: its describe blocks
    // are long by nature; the file size rule still holds for it
    files: ['services/*/src/**/*.contract.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
