// Lint, including the house rules of DESIGN.md: which folder of src/ may import what. The rules
// are one table (houseRules, below) from which the per-folder configuration is generated, and
// src/house-rules.test.ts lints a probe file per rule, built from the same table.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// ---- What an import can be ------------------------------------------------------------------
// Each kind of module is one regular expression over the import's specifier (the text after
// `from`, or inside `import()`), with `examples` it must catch and `lookalikes` it must let
// through; the probe test lints both, so a pattern that drifts shows at once.

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every Node built-in, bare or `node:`-prefixed, with its subpaths; plus Node-only tools. */
const nodeNames = [...new Set(builtinModules.filter((name) => !name.startsWith('_')).map((name) => name.split('/')[0]))];
const node = {
  regex: `^(?:node:|(?:${[...nodeNames, 'dotenv', 'tsx'].map(escape).join('|')})(?:/|$))`,
  examples: ['node:fs', 'fs', 'fs/promises', 'node:http', 'crypto', 'dotenv', 'tsx/esm/api'],
  lookalikes: ['pathe', 'url-join', './http-io.ts', '../lookups/path-template.ts'],
};

/** React and anything built on it: `react`, `react-*`, `@scope/react*` (TanStack's and Testing Library's bindings). */
const react = {
  regex: '^(?:@[\\w.-]+/)?react(?:-[\\w.-]+)?(?:/|$)',
  examples: ['react', 'react/jsx-runtime', 'react-dom/client', 'react-router', '@tanstack/react-query', '@testing-library/react'],
  lookalikes: ['preact-ish', 'reactive-store', '@tanstack/query-core', '@vitejs/plugin-react', './react-notes.ts'],
};

/** Leaflet, its plugins and React binding, and the map's data libraries. */
const leaflet = {
  regex: '^(?:@react-leaflet/|(?:react-)?leaflet(?:[.-][\\w.-]*)?(?:/|$)|(?:supercluster|topojson-client|world-atlas)(?:/|$))',
  examples: ['leaflet', 'leaflet/dist/leaflet.css', 'leaflet.markercluster', 'react-leaflet', '@react-leaflet/core', 'supercluster', 'topojson-client', 'world-atlas/countries-110m.json'],
  lookalikes: ['@tanstack/react-query', 'leafy-green', 'topojson-specification', 'world-atlas-like', '../lookups/leaflet-notes.ts'],
};

/**
 * A folder of src/, reached by a relative path from any depth (`../server/x`, `../../server/x`,
 * `./server/x` from src/ itself, `../lookups/../server/x`) or from the project root (`/src/server/x`,
 * as Vite allows). Subfolders therefore never reuse a top folder's name (there is no
 * `results/map/`): a lint rule sees the specifier, not the file it resolves to.
 */
const srcFolder = (name) => ({
  folder: name,
  regex: `(?:^(?:\\.{1,2}/|/)(?:\\.{1,2}/)*(?:src/)?|/\\.\\./)${escape(name)}(?:/|$)`,
  examples: [`../${name}/probe.ts`, `../../${name}/probe.ts`, `../${name}`, `/src/${name}/probe.ts`, `../lookups/../${name}/probe.ts`],
  lookalikes: [`../lookups/${name}-notes.ts`, `../lookups/${name}/probe.ts`, `@scope/${name}`, `${name}-client`],
});

// ---- The house rules ------------------------------------------------------------------------

const UI = ['app', 'form', 'api', 'results', 'map', 'views', 'workbench'];
/** The folders of src/ that have rules; files directly in src/ (test setup, typings) have none. */
export const srcFolders = ['lookups', 'demo', 'server', ...UI];
const foldersExcept = (...allowed) => srcFolders.filter((name) => !allowed.includes(name)).map(srcFolder);

/**
 * Which folder may not import what, and why: the one table the lint configuration is generated from.
 * `allowTypeImports`: `import type` passes (it is erased, so it cannot pull code into a chunk).
 * `allowLazy`: a lazy `import()` passes; otherwise `import()` is refused like a static import.
 */
export const houseRules = [
  { zones: ['lookups'], forbid: [react], message: 'lookups/ is isomorphic: no React.' },
  { zones: ['lookups'], forbid: [node], message: 'lookups/ is isomorphic: no Node APIs.' },
  { zones: ['lookups'], forbid: foldersExcept('lookups'), message: 'lookups/ imports nothing else in src/: everything else builds on it.' },
  { zones: ['demo'], forbid: [react], message: 'demo/ is pure data: no React.' },
  { zones: ['demo'], forbid: [node], message: 'demo/ is pure (the server runs it off its main thread): no Node APIs.' },
  { zones: ['demo'], forbid: foldersExcept('demo', 'lookups'), message: 'demo/ imports only lookups/ from src/.' },
  { zones: ['server'], forbid: [react], message: 'server/ is Node only: no React.' },
  { zones: ['server'], forbid: UI.map(srcFolder), message: 'server/ imports no UI code.' },
  { zones: UI, forbid: [srcFolder('server')], message: 'Browser code never imports server/ (keys live there).' },
  { zones: UI, forbid: [srcFolder('demo')], message: 'Browser code never imports demo/: the server runs it.' },
  { zones: UI, forbid: [node], message: 'Browser code: no Node APIs.' },
  { zones: srcFolders.filter((name) => name !== 'map'), forbid: [leaflet], message: 'Only map/ imports Leaflet (its own lazily loaded chunk).' },
  {
    zones: ['app'],
    forbid: [srcFolder('map')],
    allowTypeImports: true,
    allowLazy: true,
    message: 'app/ reaches map/ only through a lazy import(): map/ is its own chunk.',
  },
  { zones: ['results'], forbid: [srcFolder('map'), srcFolder('views')], message: 'results/ knows neither map/ nor views/: they fill its slots.' },
  {
    zones: ['workbench'],
    forbid: [srcFolder('app'), srcFolder('map'), srcFolder('views')],
    message: 'workbench/ (history, saved queries, compare, usage) is composed by app/: it knows neither app/, map/ nor views/.',
  },
];

/** The rules of one folder, for `**\/*.{ts,tsx}` in it: static imports and lazy `import()` alike. */
function zoneConfig(folder) {
  const rows = houseRules.filter((row) => row.zones.includes(folder));
  const patterns = rows.flatMap((row) =>
    row.forbid.map((kind) => ({ regex: kind.regex, message: row.message, ...(row.allowTypeImports && { allowTypeImports: true }) })),
  );
  // no-restricted-imports sees `import`, `import type`, `export … from` and `import x = require()`,
  // never `import()`: the same patterns as selectors catch a lazy import of what a folder may not have.
  const lazy = rows
    .filter((row) => !row.allowLazy)
    .flatMap((row) => row.forbid.map((kind) => ({ selector: `ImportExpression[source.value=/${kind.regex.replaceAll('/', '\\/')}/iu]`, message: row.message })));
  return {
    files: [`src/${folder}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns }],
      ...(lazy.length > 0 && { 'no-restricted-syntax': ['error', ...lazy] }),
    },
  };
}

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
  ...srcFolders.map(zoneConfig),
);
