// The house rules of DESIGN.md as data, in one place (ADR 011): the import table (which part of src/
// may import which), the kinds of module some parts may not have (React, Node, Leaflet, the table's
// internals), the lookup letters generic code may not spell, and the Node globals browser code may
// not name. eslint.config.js generates its rules from this file, src/house-rules.test.ts lints a
// probe for every rule it derives, and scripts/import-table.mjs renders the table of
// docs/architecture.md from it. Plain JavaScript, so eslint can load it without a TypeScript step.
import { builtinModules } from 'node:module';

// ---- The import table -------------------------------------------------------------------------
// An ALLOW table: a part may import itself and the parts it lists, nothing else in src/.
// `static`: any import. `lazy`: only a lazy `import()` or an erased `import type` (the target is its
// own chunk). `types`: only `import type`. `via`: only these modules at the target's top level.
// `tests`: parts that only the part's tests (`*.test.ts(x)`, `testing/`) may import, with why.

/** @type {Record<string, { owns: string, may: Record<string, string | { access: string, via?: string[], why?: string }>, tests?: Record<string, string> }>} */
export const importTable = {
  app: {
    owns: 'the React shell: entry, router, layout, catalog and lookup pages, preferences, the palette',
    may: {
      workbench: 'static',
      views: 'static',
      results: 'static',
      form: 'static',
      api: 'static',
      lookups: 'static',
      map: 'lazy',
      // DuckDB-wasm is tens of megabytes: fetched when SQL is first used, never with a page (ADR 020).
      sql: { access: 'lazy', why: 'the SQL engine, loaded when SQL is first used' },
      // The demo world is pure data and code (the server runs it); the page reads only its places, in a chunk of their own.
      demo: { access: 'lazy', why: "the place search's offline gazetteer" },
    },
  },
  workbench: {
    owns: 'what spans answers: history, saved queries and collections, compare, bulk runs, usage',
    may: { results: 'static', form: 'static', api: 'static', lookups: 'static', map: 'lazy' },
  },
  sql: {
    owns: 'SQL over answers: DuckDB-wasm in a worker, answers, History and bulk datasets as tables, the SQL tab and /sql page',
    may: { workbench: 'static', results: 'static', api: 'static', lookups: 'static' },
  },
  views: {
    owns: 'domain views keyed by letter; each fills a slot of the viewer',
    may: { results: { access: 'types', why: 'slot types' }, api: 'static', lookups: 'static' },
  },
  map: {
    owns: 'Leaflet views and the map location picker, its own lazily loaded chunk',
    may: {
      results: { access: 'static', why: 'slot types, downloads' },
      form: { access: 'static', why: 'the values it edits' },
      lookups: 'static',
      // The demo's own street grid, drawn offline at city zoom over a demo answer (ADR 019).
      demo: { access: 'lazy', why: "the demo world's streets where tiles are missing" },
    },
  },
  results: {
    owns: 'the viewer: tabs with slots (summary, table, tree, raw, request, drift, paging), exports',
    may: { api: 'static', lookups: 'static' },
  },
  form: {
    owns: 'the generated parameter form and the URL <-> params mapping',
    may: {
      lookups: 'static',
      // DESIGN.md: the view-state codec "belongs in lookups or its own module"; until it moves, form
      // reaches only the two modules of it, at results' top level (ADR 011).
      results: { access: 'static', via: ['view-state.ts', 'filter-query.ts'], why: "the viewer's URL codec only" },
    },
  },
  api: {
    owns: 'the fetcher, queryOptions and hook (components never call fetch)',
    may: { lookups: 'static' },
    tests: { form: "the tests share form/testing's every-widget lookup" },
  },
  lookups: {
    owns: 'one definition per lookup, the registry, the wire protocol, request building, the answer interpreter',
    may: {},
  },
  demo: {
    owns: 'the deterministic demo world: one generator per lookup, pure, run by the server',
    may: { lookups: 'static' },
  },
  'mcp-app': {
    owns: "the MCP Apps views: an assistant's frame showing a tool's answer as the map and the table, its own bundle (never a page's)",
    may: {
      map: 'static',
      results: 'static',
      form: 'static',
      lookups: 'static',
    },
  },
  server: {
    owns: 'Node only: proxy, configuration, access, budgets, cache, store, metrics, production server',
    may: { lookups: 'static', demo: 'static' },
  },
};

/** The parts: the folders of src/ that have rules (files directly in src/ are test setup and typings). */
export const parts = Object.keys(importTable);
/** Where Node runs: the rest of src/ runs in the browser (demo/ and lookups/ are isomorphic, so they count as browser code). */
export const nodeParts = ['server'];
export const browserParts = parts.filter((part) => !nodeParts.includes(part));

/** One edge of the table, shorthand expanded. */
export function edge(from, to) {
  const entry = importTable[from].may[to];
  if (entry === undefined) return undefined;
  return typeof entry === 'string' ? { access: entry } : entry;
}

// ---- What an import can be --------------------------------------------------------------------
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
  regex: '^(?:@react-leaflet/|(?:react-)?leaflet(?:[.-][\\w.-]*)?(?:/|$)|(?:kdbush|supercluster|topojson-client|world-atlas)(?:/|$))',
  examples: [
    'leaflet',
    'leaflet/dist/leaflet.css',
    'leaflet.markercluster',
    'react-leaflet',
    '@react-leaflet/core',
    'kdbush',
    'supercluster',
    'topojson-client',
    'world-atlas/countries-110m.json',
  ],
  lookalikes: ['@tanstack/react-query', 'leafy-green', 'topojson-specification', 'world-atlas-like', '../lookups/leaflet-notes.ts'],
};

/**
 * The start of a path into a folder of src/, reached by a relative path from any depth (`../server/x`,
 * `../../server/x`, `./server/x` from src/ itself, `../lookups/../server/x`) or from the project root
 * (`/src/server/x`, as Vite allows). Subfolders therefore never reuse a top folder's name (there is
 * no `results/map/`): a lint rule sees the specifier, not the file it resolves to.
 */
const intoSrc = (path) => `(?:^(?:\\.{1,2}/|/)(?:\\.{1,2}/)*(?:src/)?|/\\.\\./)${path}`;

/** A part of src/, all of it; or, with `via`, all of it but those modules at its top level. */
const srcFolder = (name, via = []) => ({
  folder: name,
  regex: via.length === 0 ? `${intoSrc(escape(name))}(?:/|$)` : `${intoSrc(escape(name))}(?:$|/(?!(?:${via.map(escape).join('|')})$))`,
  examples: [`../${name}/probe.ts`, `../../${name}/probe.ts`, `../${name}`, `/src/${name}/probe.ts`, `../lookups/../${name}/probe.ts`],
  lookalikes: [
    `../lookups/${name}-notes.ts`,
    `../lookups/${name}/probe.ts`,
    `@scope/${name}`,
    `${name}-client`,
    ...via.map((module) => `../${name}/${module}`),
  ],
});

/** results/table/ is the table's inside: other parts use its public API, results/table-api.ts (data) and results/table-component.ts. */
const tableInternals = {
  regex: `${intoSrc('results/table/')}`,
  examples: ['../results/table/record-table.tsx', '../../results/table/filter-records.ts', '/src/results/table/table-cache.ts'],
  lookalikes: [
    '../results/table-api.ts',
    '../results/table-component.ts',
    '../results/tables/probe.ts',
    './table/probe.ts',
    '../lookups/results/table/probe.ts',
  ],
};

// ---- The rules --------------------------------------------------------------------------------

/** Why a part is refused, where the table alone would not say. */
const because = {
  server: 'keys live there',
  demo: 'the server runs it',
  app: 'nothing below app/ imports app/',
};

const listOf = (part) =>
  Object.keys(importTable[part].may)
    .map((to) => {
      const { access, via } = edge(part, to);
      const how = access === 'lazy' ? ' lazily' : access === 'types' ? ' (types)' : via ? ` (${via.join(', ')})` : '';
      return `${to}/${how}`;
    })
    .join(', ') || 'nothing else in src/';

/** The row that refuses one forbidden (or partly allowed) pair of parts, derived from the table. */
function pairRule(from, to) {
  const allowed = edge(from, to);
  const tail = `(house-rules.mjs: ${from}/ may import ${listOf(from)})`;
  const inTests = importTable[from].tests?.[to];
  if (!allowed) {
    const reason = because[to] ? `: ${because[to]}` : '';
    return {
      zones: [from],
      forbid: [srcFolder(to)],
      pair: [from, to],
      message: `${from}/ may not import ${to}/${reason} ${tail}.`,
      ...(inTests && { testsMay: true }),
    };
  }
  if (allowed.access === 'lazy') {
    return {
      zones: [from],
      forbid: [srcFolder(to)],
      pair: [from, to],
      allowTypeImports: true,
      allowLazy: true,
      message: `${from}/ reaches ${to}/ only through a lazy import(): it is its own chunk ${tail}.`,
    };
  }
  if (allowed.access === 'types') {
    return {
      zones: [from],
      forbid: [srcFolder(to)],
      pair: [from, to],
      allowTypeImports: true,
      message: `${from}/ may import only types from ${to}/ ${tail}.`,
    };
  }
  if (allowed.via) {
    return {
      zones: [from],
      forbid: [srcFolder(to, allowed.via)],
      pair: [from, to],
      message: `${from}/ may import from ${to}/ only ${allowed.via.join(', ')} ${tail}.`,
    };
  }
  return undefined;
}

/** Every pair of parts that is refused in whole or in part: one row each. */
const pairRules = parts.flatMap((from) =>
  parts
    .filter((to) => to !== from)
    .map((to) => pairRule(from, to))
    .filter(Boolean),
);

/** Rules about kinds of module rather than parts. */
const kindRules = [
  { zones: ['lookups'], forbid: [react], message: 'lookups/ is isomorphic: no React.' },
  { zones: ['demo'], forbid: [react], message: 'demo/ is pure data: no React.' },
  { zones: ['server'], forbid: [react], message: 'server/ is Node only: no React.' },
  { zones: ['lookups'], forbid: [node], message: 'lookups/ is isomorphic: no Node APIs.' },
  { zones: ['demo'], forbid: [node], message: 'demo/ is pure (the server runs it off its main thread): no Node APIs.' },
  { zones: browserParts.filter((part) => !['lookups', 'demo'].includes(part)), forbid: [node], message: 'Browser code: no Node APIs.' },
  { zones: parts.filter((part) => part !== 'map'), forbid: [leaflet], message: 'Only map/ imports Leaflet (its own lazily loaded chunk).' },
  {
    // app/ (the shell) is exempt: its palette export reads the table cache directly, since through
    // table-api.ts the re-export module became a chunk of its own, listed on the first page (ADR 011).
    zones: parts.filter((part) => part !== 'results' && part !== 'app'),
    forbid: [tableInternals],
    message: "results/table/ is the table's inside: use its public API, results/table-api.ts (data) or results/table-component.ts.",
  },
];

/**
 * Which folder may not import what, and why, for no-restricted-imports and no-restricted-syntax.
 * `allowTypeImports`: `import type` passes (it is erased, so it cannot pull code into a chunk).
 * `allowLazy`: a lazy `import()` passes; otherwise `import()` is refused like a static import.
 * `testsMay`: the part's tests are exempt (the table's `tests`).
 */
export const houseRules = [...pairRules, ...kindRules];

// ---- Files ------------------------------------------------------------------------------------

/** Tests and their helpers: they run on Node under vitest. */
export const testFiles = ['**/*.test.{ts,tsx}', '**/testing/**'];

/** Where a lookup's letter may be written: its per-letter files, the registry, demo/ and views/ (DESIGN.md). */
export const letterHomes = ['src/lookups/[a-z]-*.ts', 'src/lookups/registry.ts', 'src/demo/**', 'src/views/**'];

// ---- Letters ----------------------------------------------------------------------------------
// Generic code learns a lookup's letter from the registry, never from a literal: a 21st lookup U
// must need no edit elsewhere. Each rule is a no-restricted-syntax selector (esquery regexes may not
// contain `/`), with probe lines it must refuse and lookalikes it must let through.

const letterClass = '\\[\\^?[^\\]]*(?:a-t|A-T)';

export const letterRules = [
  {
    name: 'a one-letter case',
    selectors: ["SwitchCase[test.type='Literal'][test.value=/^[A-Za-z]$/]"],
    message: "A lookup's letter in a case: switch over the definition's data, not its letter (house-rules.mjs).",
    examples: [
      "export const f = (id: string) => { switch (id) { case 'L': return 1; default: return 0; } };",
      'export const g = (id: string) => { switch (id) { case "u": return 1; default: return 0; } };',
    ],
    lookalikes: [
      "export const f = (key: string) => { switch (key) { case 'Enter': return 1; default: return 0; } };",
      'export const g = (n: number) => { switch (n) { case 1: return 1; default: return 0; } };',
    ],
  },
  {
    name: 'a letter range a-t',
    selectors: [
      `Literal[regex.pattern=/${letterClass}/]`,
      `Literal[value=/${letterClass}/]`,
      `TemplateElement[value.raw=/${letterClass}/]`,
    ],
    message: 'A range of lookup letters ([a-t]): ask the registry for its ids, so a 21st lookup is found (house-rules.mjs).',
    examples: [
      'export const isId = (s: string) => /^[a-t]$/.test(s);',
      'export const isUpper = (s: string) => /^[A-T]$/u.test(s);',
      "export const both = new RegExp('^[a-tA-T]$');",
      'export const t = (s: string) => new RegExp(`[^a-t]${s}`);',
    ],
    lookalikes: [
      'export const isWord = (s: string) => /^[a-z]+$/.test(s);',
      'export const hex = /^[0-9a-f]+$/;',
      'export const cls = /data-table/;',
      "export const label = 'meta-tag';",
    ],
  },
  {
    name: 'the alphabet of lookups',
    selectors: ['Literal[value=/ABCDEFGHIJKLMNOPQRST/i]', 'TemplateElement[value.raw=/ABCDEFGHIJKLMNOPQRST/i]'],
    message: "The lookups' alphabet: loop over the registry's ids instead (house-rules.mjs).",
    examples: [
      "export const ids = [...'ABCDEFGHIJKLMNOPQRST'];",
      "export const lower = 'abcdefghijklmnopqrst'.split('');",
      'export const all = `ABCDEFGHIJKLMNOPQRSTUVWXYZ`;',
    ],
    lookalikes: ["export const hex = 'ABCDEF0123456789';", "export const some = 'ABCDEFGHIJ';"],
  },
  {
    name: 'an object keyed by letter',
    selectors: [
      'ObjectExpression > Property[key.type="Identifier"][key.name=/^[A-Z]$/]',
      'ObjectExpression > Property[key.type="Literal"][key.value=/^[A-Z]$/]',
    ],
    message:
      'An object keyed by lookup letter: put the value in the definition (or a Record<LookupId, …> in a letter home) (house-rules.mjs).',
    examples: [
      "export const colours = { A: 'red' };",
      "export const labels = { 'L': 'Police' };",
      'const U = 1; export const short = { U };',
    ],
    lookalikes: [
      'export const point = { x: 1, y: 2 };',
      'export const words = { AB: 1, id: 2 };',
      'export const first = ({ A }: Record<string, number>) => A;',
    ],
  },
];

// ---- Node globals -----------------------------------------------------------------------------

/** Node's globals, which browser code may not name (no-restricted-globals; typecheck refuses them too). */
export const nodeGlobals = [
  'process',
  'Buffer',
  '__dirname',
  '__filename',
  'require',
  'module',
  'global',
  'setImmediate',
  'clearImmediate',
];
