// Lint, including the house rules of DESIGN.md: which folder may import what.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const react = ['react', 'react-dom', 'react-dom/*', 'react-router', '@tanstack/*', 'react-leaflet', '@testing-library/*'];
const node = ['node:*', 'fs', 'path', 'http', 'https', 'net', 'stream', 'url', 'crypto', 'dotenv', 'tsx'];
const leaflet = ['leaflet', 'leaflet/*', 'react-leaflet', 'supercluster', 'topojson-client', 'world-atlas', 'world-atlas/*'];
const server = ['**/server/**', '../server/*', './server/*'];
const restrict = (...groups) => ({
  // ESLint refuses a pattern listed twice in one group (react-leaflet is both React and map code).
  'no-restricted-imports': ['error', { patterns: groups.map(({ group, message }) => ({ group: [...new Set(group)], message })) }],
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'reports', 'bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // lookups/: isomorphic definitions, neither React nor Node.
  {
    files: ['src/lookups/**/*.ts'],
    rules: restrict(
      { group: react, message: 'lookups/ is isomorphic: no React.' },
      { group: node, message: 'lookups/ is isomorphic: no Node APIs.' },
      { group: [...leaflet, ...server, '**/app/**', '**/form/**', '**/results/**', '**/map/**', '**/views/**'], message: 'lookups/ depends on nothing else in src/.' },
    ),
  },
  // server/: Node only, never React.
  {
    files: ['src/server/**/*.ts'],
    rules: restrict(
      { group: [...react, ...leaflet], message: 'server/ imports no React or map code.' },
      { group: ['**/app/**', '**/form/**', '**/results/**', '**/map/**', '**/views/**'], message: 'server/ imports no UI code.' },
    ),
  },
  // UI folders: never the server (it holds keys), only map/ touches Leaflet.
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/form/**/*.{ts,tsx}', 'src/results/**/*.{ts,tsx}', 'src/views/**/*.{ts,tsx}'],
    rules: restrict(
      { group: server, message: 'UI code never imports server/ (keys live there).' },
      { group: [...node], message: 'UI code runs in the browser: no Node APIs.' },
      { group: leaflet, message: 'Only src/map/ imports Leaflet (its own lazy chunk).' },
    ),
  },
  {
    files: ['src/map/**/*.{ts,tsx}'],
    rules: restrict(
      { group: server, message: 'UI code never imports server/ (keys live there).' },
      { group: [...node], message: 'UI code runs in the browser: no Node APIs.' },
    ),
  },
);
