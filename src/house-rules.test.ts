// @vitest-environment node
// Proves the house rules of house-rules.mjs as eslint.config.js applies them, with probe files built
// from the rules themselves (so a new part, edge or rule is covered without touching this file):
// - every ordered pair of parts, as the import table says: refused (static, type-only, lazy), lazy
//   only, types only, through named modules only, or allowed; in production code and in tests;
// - every row (kinds of module: React, Node, Leaflet, the table's internals; and the pairs): its
//   examples refused at any depth, in .ts and nested .tsx, its lookalikes let through;
// - every letter rule: refused in generic code, allowed in the letter homes and tests;
// - every Node global: refused in browser code, allowed in server/ and tests.
// lintText with a filePath applies the configuration for that path without writing a file.
import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** A kind of module, as house-rules.mjs describes it. */
interface ImportKind {
  regex: string;
  examples: string[];
  lookalikes: string[];
  folder?: string;
}
interface HouseRule {
  zones: string[];
  forbid: ImportKind[];
  message: string;
  pair?: [string, string];
  allowTypeImports?: boolean;
  allowLazy?: boolean;
  testsMay?: boolean;
}
interface Edge {
  access: 'static' | 'lazy' | 'types';
  via?: string[];
}
interface LetterRule {
  name: string;
  message: string;
  examples: string[];
  lookalikes: string[];
}
interface HouseRules {
  importTable: Record<string, { may: Record<string, unknown>; tests?: Record<string, string> }>;
  parts: string[];
  browserParts: string[];
  edge: (from: string, to: string) => Edge | undefined;
  houseRules: HouseRule[];
  letterRules: LetterRule[];
  nodeGlobals: string[];
}

const rootUrl = new URL('..', import.meta.url);
const configUrl = new URL('eslint.config.js', rootUrl);
const rules = (await import(/* @vite-ignore */ new URL('house-rules.mjs', rootUrl).href)) as HouseRules;
const { importTable, parts, browserParts, edge, houseRules, letterRules, nodeGlobals } = rules;

// typescript-eslint takes seconds to load: one instance for every probe.
const SLOW = 120_000;
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: rootUrl.pathname, overrideConfigFile: configUrl.pathname });
}, SLOW);

type Message = ESLint.LintResult['messages'][number];

async function lint(filePath: string, lines: string[]): Promise<Message[]> {
  const [result] = await eslint.lintText(`${lines.join('\n')}\n`, { filePath });
  expect(result, filePath).toBeDefined();
  return result!.messages;
}

const isHouseRule = (message: Message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-syntax';
/** no-restricted-imports words it "'x' import is restricted … <message>"; no-restricted-syntax gives the message alone. */
const says = (text: string) => (message: Message) => isHouseRule(message) && message.message.endsWith(text);
const shown = (messages: Message[]) => messages.map((message) => `${message.line}: ${message.ruleId} ${message.message}`);

/** One probe line per specifier, each exporting what it imports so no other rule complains. */
const probes = {
  static: (specifiers: string[]) => specifiers.map((specifier, i) => `export * as p${i} from '${specifier}';`),
  sideEffect: (specifiers: string[]) => specifiers.map((specifier) => `import '${specifier}';`),
  type: (specifiers: string[]) => specifiers.map((specifier, i) => `import type * as t${i} from '${specifier}'; export type { t${i} };`),
  lazy: (specifiers: string[]) => specifiers.map((specifier, i) => `export const l${i} = () => import('${specifier}');`),
};

function expectEveryLineRefused(messages: Message[], text: string, count: number, ruleId: string): void {
  for (let line = 1; line <= count; line++) {
    const found = messages.filter((message) => message.line === line && says(text)(message));
    expect(
      found.map((message) => message.ruleId),
      `line ${line} should be refused: ${text}`,
    ).toContain(ruleId);
  }
}

function expectNoneSaying(messages: Message[], text: string): void {
  expect(shown(messages.filter(says(text)))).toEqual([]);
}

describe('the import table (house-rules.mjs)', () => {
  it('has a part for every folder of src/, and lists only parts', () => {
    const folders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders, 'a new folder of src/ needs its row in house-rules.mjs').toEqual([...parts].sort());
    for (const part of parts) {
      for (const to of [...Object.keys(importTable[part]!.may), ...Object.keys(importTable[part]!.tests ?? {})]) {
        expect(parts, `${part} lists ${to}`).toContain(to);
        expect(to, `${part} lists itself`).not.toBe(part);
      }
    }
  });

  it('keeps browser code off server/ and every part off app/ (DESIGN.md)', () => {
    for (const part of browserParts) expect(edge(part, 'server'), `${part} → server`).toBeUndefined();
    for (const part of parts) expect(edge(part, 'app'), `${part} → app`).toBeUndefined();
    expect(importTable.lookups!.may).toEqual({});
  });

  const pairs = parts.flatMap((from) => parts.filter((to) => to !== from).map((to) => ({ from, to, edge: edge(from, to) })));
  const described = ({ from, to, edge: allowed }: (typeof pairs)[number]) =>
    `${from}/ → ${to}/: ${!allowed ? 'refused' : allowed.via ? `only ${allowed.via.join(', ')}` : allowed.access}`;

  describe.each(pairs.map((pair) => ({ ...pair, name: described(pair) })))('$name', ({ from, to, edge: allowed }) => {
    const file = `src/${from}/__probe__.tsx`;
    const specifier = `../${to}/probe.ts`;
    const refusal = (messages: Message[]) => messages.filter((message) => isHouseRule(message) && message.message.includes(`${from}/ `));

    it('static imports and re-exports', { timeout: SLOW }, async () => {
      const messages = await lint(file, [...probes.static([specifier]), ...probes.sideEffect([specifier])]);
      if (allowed?.access === 'static' && !allowed.via) expect(shown(messages)).toEqual([]);
      else expect(refusal(messages).map((message) => message.line)).toEqual([1, 2]);
    });

    it('type-only imports', { timeout: SLOW }, async () => {
      const messages = await lint(file, probes.type([specifier]));
      if (allowed && !allowed.via) expect(shown(messages)).toEqual([]);
      else expect(refusal(messages).map((message) => message.line)).toEqual([1]);
    });

    it('lazy import()', { timeout: SLOW }, async () => {
      const messages = await lint(file, probes.lazy([specifier]));
      if (allowed && (allowed.access === 'static' || allowed.access === 'lazy') && !allowed.via) expect(shown(messages)).toEqual([]);
      else expect(refusal(messages).map((message) => message.line)).toEqual([1]);
    });

    if (allowed?.via) {
      it(`lets ${allowed.via.join(', ')} through, at ${to}/'s top level only`, { timeout: SLOW }, async () => {
        const through = allowed.via!.map((module) => `../${to}/${module}`);
        expect(shown(await lint(file, probes.static(through)))).toEqual([]);
        const nested = allowed.via!.map((module) => `../${to}/deeper/${module}`);
        expect(refusal(await lint(file, probes.static(nested))).map((message) => message.line)).toEqual(nested.map((_, i) => i + 1));
      });
    }

    it(importTable[from]!.tests?.[to]
      ? "is allowed in the part's tests (the table's test-only edge)"
      : "holds in the part's tests and their helpers too", { timeout: SLOW }, async () => {
      for (const testFile of [`src/${from}/__probe__.test.ts`, `src/${from}/testing/__probe__.ts`]) {
        const messages = await lint(testFile, probes.static([specifier]));
        if ((allowed?.access === 'static' && !allowed.via) || importTable[from]!.tests?.[to]) expect(shown(messages), testFile).toEqual([]);
        else
          expect(
            refusal(messages).map((message) => message.line),
            testFile,
          ).toEqual([1]);
      }
    });
  });
});

describe('house rules, row by row', () => {
  const cases = houseRules.flatMap((rule) => rule.zones.map((zone) => ({ rule, zone, name: `${zone}/: ${rule.message}` })));

  describe.each(cases)('$name', ({ rule, zone }) => {
    const examples = rule.forbid.flatMap((kind) => kind.examples);
    const lookalikes = rule.forbid.flatMap((kind) => kind.lookalikes);

    it('refuses static imports and re-exports, in .ts and in a nested .tsx', { timeout: SLOW }, async () => {
      const lines = probes.static(examples);
      expectEveryLineRefused(await lint(`src/${zone}/__probe__.ts`, lines), rule.message, lines.length, 'no-restricted-imports');
      const sideEffects = probes.sideEffect(examples);
      expectEveryLineRefused(
        await lint(`src/${zone}/nested/__probe__.tsx`, sideEffects),
        rule.message,
        sideEffects.length,
        'no-restricted-imports',
      );
    });

    it(rule.allowTypeImports ? 'lets type-only imports through (they are erased)' : 'refuses type-only imports', {
      timeout: SLOW,
    }, async () => {
      const lines = probes.type(examples);
      const messages = await lint(`src/${zone}/__probe__.ts`, lines);
      if (rule.allowTypeImports) expectNoneSaying(messages, rule.message);
      else expectEveryLineRefused(messages, rule.message, lines.length, 'no-restricted-imports');
    });

    it(rule.allowLazy ? 'lets a lazy import() through' : 'refuses a lazy import() too', { timeout: SLOW }, async () => {
      const lines = probes.lazy(examples);
      const messages = await lint(`src/${zone}/__probe__.tsx`, lines);
      if (rule.allowLazy) expectNoneSaying(messages, rule.message);
      else expectEveryLineRefused(messages, rule.message, lines.length, 'no-restricted-syntax');
    });

    it('lets lookalikes through (no false positive)', { timeout: SLOW }, async () => {
      expectNoneSaying(await lint(`src/${zone}/__probe__.ts`, [...probes.static(lookalikes), ...probes.lazy(lookalikes)]), rule.message);
    });

    it(rule.testsMay ? "does not hold in the part's tests" : "holds in the part's tests too", { timeout: SLOW }, async () => {
      const lines = probes.static(examples);
      const messages = await lint(`src/${zone}/__probe__.test.ts`, lines);
      if (rule.testsMay) expectNoneSaying(messages, rule.message);
      else expectEveryLineRefused(messages, rule.message, lines.length, 'no-restricted-imports');
    });
  });

  // What the table allows, written out by hand: each probe must be entirely clean.
  const allowed: Record<string, string[]> = {
    'src/lookups/testing/samples/__probe__.ts': [
      "import 'zod';",
      "import 'fast-xml-parser';",
      "import '../../define-lookup.ts';",
      "import '@apidevtools/swagger-parser';",
    ],
    'src/demo/__probe__.ts': [
      "import 'zod';",
      "import '@faker-js/faker';",
      "import '../lookups/define-lookup.ts';",
      "import './seeded.ts';",
      "import 'vitest';",
    ],
    'src/server/__probe__.tsx': [
      "import 'node:http';",
      "import 'vite';",
      "import '../lookups/registry.ts';",
      "import '../demo/generators.ts';",
      "export const tsx = () => import('tsx/esm/api');",
    ],
    'src/api/__probe__.ts': ["import '@tanstack/react-query';", "import 'react';", "import '../lookups/request.ts';"],
    'src/api/__probe__.test.ts': ["import '../form/testing/every-widget-lookup.ts';", "import 'vitest';"],
    'src/app/__probe__.tsx': [
      "import 'react-router';",
      "import '@tanstack/react-query';",
      "import '../results/result-viewer.tsx';",
      "import '../results/table-api.ts';",
      "import '../results/table/table-cache.ts';",
      "import '../views/own-views.ts';",
      "import '../workbench/history/history-store.ts';",
      "import type * as ResultsMap from '../map/results-map.tsx'; export type { ResultsMap };",
      "export const LazyMap = () => import('../map/results-map.tsx');",
    ],
    'src/workbench/bulk/__probe__.tsx': [
      "import '../../results/table-api.ts';",
      "import '../../results/table-component.ts';",
      "import '../../form/url-state.ts';",
      "export const LazyMap = () => import('../../map/results-map.tsx');",
    ],
    'src/form/__probe__.tsx': [
      "import 'react';",
      "import '../lookups/param.ts';",
      "import '../results/view-state.ts';",
      "import '../results/filter-query.ts';",
    ],
    'src/results/table/__probe__.tsx': [
      "import '@tanstack/react-virtual';",
      "import '../../lookups/define-lookup.ts';",
      "import '../../api/lookup-response.ts';",
      "import '../slots.ts';",
    ],
    'src/map/__probe__.tsx': [
      "import 'leaflet';",
      "import 'leaflet/dist/leaflet.css';",
      "import 'react-leaflet';",
      "import 'kdbush';",
      "import 'topojson-client';",
      "import 'world-atlas/countries-110m.json';",
      "import '../results/slots.ts';",
      "import '../form/form-values.ts';",
    ],
    'src/views/__probe__.tsx': [
      "import 'dompurify';",
      "import type * as Slots from '../results/slots.ts'; export type { Slots };",
      "export const card = () => import('./movie-card.tsx');",
    ],
  };
  it.each(Object.entries(allowed))('allows what the table allows: %s', { timeout: SLOW }, async (filePath, lines) => {
    expect(shown(await lint(filePath, lines))).toEqual([]);
  });
});

describe('no lookup letter as a literal in generic code', () => {
  // Generic code: production files of every part but demo/ and views/ (which DESIGN.md lets name letters).
  const generic = parts.filter((part) => part !== 'demo' && part !== 'views').map((part) => `src/${part}/__probe__.ts`);
  const homes = [
    'src/lookups/u-weather.ts',
    'src/lookups/registry.ts',
    'src/demo/u-weather.ts',
    'src/views/own-views.ts',
    'src/views/weather-card.tsx',
  ];
  const tests = ['src/app/__probe__.test.ts', 'src/lookups/testing/__probe__.ts', 'src/server/__probe__.test.ts'];

  describe.each(letterRules.map((rule) => ({ ...rule, rule })))('$name', ({ rule }) => {
    it.each(rule.examples)('refuses %s in generic code', { timeout: SLOW }, async (example) => {
      for (const file of generic) {
        const messages = await lint(file, [example]);
        expect(
          messages.filter(says(rule.message)).map((message) => message.ruleId),
          file,
        ).toContain('no-restricted-syntax');
      }
    });

    it('lets lookalikes through', { timeout: SLOW }, async () => {
      for (const file of generic) for (const lookalike of rule.lookalikes) expectNoneSaying(await lint(file, [lookalike]), rule.message);
    });

    it('allows the letters in per-letter files, the registry, demo/, views/ and tests', { timeout: SLOW }, async () => {
      for (const file of [...homes, ...tests])
        for (const example of rule.examples) expectNoneSaying(await lint(file, [example]), rule.message);
    });
  });

  it('keeps a home refusing the imports of its part (only the letter rules are off there)', { timeout: SLOW }, async () => {
    const messages = await lint('src/lookups/u-weather.ts', ["export const l = () => import('../app/main.tsx');"]);
    expect(
      messages.filter((message) => message.ruleId === 'no-restricted-syntax' && message.message.startsWith('lookups/ may not import app/')),
    ).toHaveLength(1);
  });
});

describe("Node's globals only where Node runs", () => {
  const browserFiles = browserParts.flatMap((part) => [`src/${part}/__probe__.ts`, `src/${part}/nested/__probe__.tsx`]);
  const nodeFiles = [
    'src/server/__probe__.ts',
    'src/app/__probe__.test.ts',
    'src/demo/testing/__probe__.ts',
    'scripts/__probe__.mjs',
    'bench/__probe__.ts',
  ];

  it.each(nodeGlobals)('refuses %s in browser code', { timeout: SLOW }, async (name) => {
    for (const file of browserFiles) {
      const messages = await lint(file, [`export const probe = ${name};`]);
      expect(
        messages.map((message) => message.ruleId),
        file,
      ).toContain('no-restricted-globals');
    }
  });

  it.each(nodeGlobals)('allows %s where Node runs (server/, tests, tools)', { timeout: SLOW }, async (name) => {
    for (const file of nodeFiles) {
      const messages = await lint(file, [`export const probe = ${name};`]);
      expect(
        shown(messages.filter((message) => message.ruleId === 'no-restricted-globals' || message.ruleId === 'no-undef')),
        file,
      ).toEqual([]);
    }
  });

  it("declares Node's globals only where Node runs", { timeout: SLOW }, async () => {
    const globalsOf = async (file: string) =>
      ((await eslint.calculateConfigForFile(file)) as { languageOptions: { globals: Record<string, unknown> } }).languageOptions.globals;
    for (const file of browserFiles) {
      const declared = await globalsOf(file);
      expect(declared, file).toHaveProperty('window');
      for (const name of nodeGlobals) expect(declared, file).not.toHaveProperty(name);
    }
    for (const file of [...nodeFiles, 'vite.config.ts', 'e2e/__probe__.spec.ts'])
      expect(await globalsOf(file), file).toHaveProperty('process');
  });

  it('lets a local of the same name through in browser code', { timeout: SLOW }, async () => {
    const messages = await lint('src/app/__probe__.ts', ["export const load = () => import('./main.tsx').then((module) => module);"]);
    expect(shown(messages)).toEqual([]);
  });
});
