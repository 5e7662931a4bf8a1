// Lint rules shared by every workspace; type-aware rules stay off to keep `npm test` fast.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './scripts/eslint/noRelativePackages.js';
import globals from 'globals';

// Package boundaries (docs/ARCHITECTURE.md "Layers"): which workspace may import which, and only
// through the other package's name. Flat config replaces a rule's options per block rather than
// merging them, so every block repeats the shared part.
const notDeep = {
  group: ['@atrium/*/src', '@atrium/*/src/**'],
  message: 'Import another package by its name and public entry (@atrium/x or @atrium/x/<module>), never its src/ folder.',
};
const restricted = (paths = [], patterns = []) => ['error', { paths, patterns: [notDeep, ...patterns] }];
// Tests may reach across for fixtures (the engine's VRM sample, the e2e harness); source may not.
const packageFiles = ['apps/*/src/**/*.{ts,tsx}', 'packages/*/**/*.{ts,tsx}'];
const webPatterns = [
  { group: ['@atrium/server', '@atrium/server/**'], message: 'The web app reaches the server over HTTP (the contract in @atrium/shared), never by import.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.web-dist*/**', 'data/**', 'apps/server/drizzle/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: packageFiles,
    plugins: { boundaries },
    rules: {
      // A relative path into another workspace skips its public entry and its package.json.
      'boundaries/no-relative-packages': 'error',
      'no-restricted-imports': restricted(),
    },
  },
  {
    files: ['packages/engine/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restricted(
        [],
        [
          { group: ['react', 'react/**', 'react-dom', 'react-dom/**'], message: 'The engine is framework-free: the web app wraps it in React, never the other way round.' },
          { group: ['@atrium/web', '@atrium/web/**', '@atrium/server', '@atrium/server/**'], message: 'The engine depends on shared and assets only.' },
        ],
      ),
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted(
        [],
        [{ group: ['@atrium/web', '@atrium/web/**', '@atrium/engine', '@atrium/engine/**'], message: 'The server speaks the contract in @atrium/shared; it never imports the web app or the engine.' }],
      ),
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restricted(
        // One mechanism for every string (issue 17): spec messages are read through src/i18n/msg.ts.
        ['@atrium/shared', '@atrium/shared/messages'].map((name) => ({
          name,
          importNames: ['msg'],
          message: 'Import msg from src/i18n/msg.ts: the same messages, in the interface language.',
        })),
        webPatterns,
      ),
    },
  },
  {
    // The i18n module builds the translated msg from the shared one; tests compare with the English.
    files: ['apps/web/src/i18n/**/*.{ts,tsx}', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': restricted([], webPatterns) },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
