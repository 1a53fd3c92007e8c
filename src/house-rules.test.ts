// @vitest-environment node
// Proves the house rules of eslint.config.js: for every row of its table and every folder the row
// covers, probe files that break the row (static, type-only and lazy imports, in .ts and in a
// nested .tsx) must fail with the row's message, and lookalikes must pass. The probes are built
// from the table itself, so a new rule or folder is covered without touching this file.
// lintText with a filePath applies the configuration for that path without writing a file.
import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** A kind of module, as eslint.config.js describes it. */
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
  allowTypeImports?: boolean;
  allowLazy?: boolean;
}

const configUrl = new URL('../eslint.config.js', import.meta.url);
const { houseRules, srcFolders } = (await import(/* @vite-ignore */ configUrl.href)) as { houseRules: HouseRule[]; srcFolders: string[] };

// typescript-eslint takes seconds to load: one instance for every probe.
const SLOW = 120_000;
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname, overrideConfigFile: configUrl.pathname });
}, SLOW);

type Message = ESLint.LintResult['messages'][number];

async function lint(filePath: string, lines: string[]): Promise<Message[]> {
  const [result] = await eslint.lintText(`${lines.join('\n')}\n`, { filePath });
  expect(result, filePath).toBeDefined();
  return result!.messages;
}

/** no-restricted-imports words it "'x' import is restricted … <message>"; no-restricted-syntax gives the message alone. */
const saysRule = (rule: HouseRule) => (message: Message) =>
  (message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-syntax') && message.message.endsWith(rule.message);

/** One probe line per specifier, each exporting what it imports so no other rule complains. */
const probes = {
  static: (specifiers: string[]) => specifiers.map((specifier, i) => `export * as p${i} from '${specifier}';`),
  sideEffect: (specifiers: string[]) => specifiers.map((specifier) => `import '${specifier}';`),
  type: (specifiers: string[]) => specifiers.map((specifier, i) => `import type * as t${i} from '${specifier}'; export type { t${i} };`),
  lazy: (specifiers: string[]) => specifiers.map((specifier, i) => `export const l${i} = () => import('${specifier}');`),
};

function expectEveryLineRefused(messages: Message[], rule: HouseRule, count: number, ruleId: string): void {
  for (let line = 1; line <= count; line++) {
    const found = messages.filter((message) => message.line === line && saysRule(rule)(message));
    expect(found.map((message) => message.ruleId), `line ${line} should be refused: ${rule.message}`).toContain(ruleId);
  }
}

function expectNoneFrom(messages: Message[], rule: HouseRule): void {
  expect(messages.filter(saysRule(rule)).map((message) => `${message.line}: ${message.message}`)).toEqual([]);
}

const cases = houseRules.flatMap((rule) => rule.zones.map((zone) => ({ rule, zone, name: `${zone}/: ${rule.message}` })));

describe('house rules (eslint.config.js houseRules)', () => {
  it('has a row for every folder of src/, so no folder escapes the rules', () => {
    const folders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders, 'a new folder of src/ needs its rules in eslint.config.js').toEqual([...srcFolders].sort());
    for (const folder of srcFolders) expect(houseRules.some((rule) => rule.zones.includes(folder)), folder).toBe(true);
  });

  describe.each(cases)('$name', ({ rule, zone }) => {
    const examples = rule.forbid.flatMap((kind) => kind.examples);
    const lookalikes = rule.forbid.flatMap((kind) => kind.lookalikes);

    it('refuses static imports and re-exports, in .ts and in a nested .tsx', { timeout: SLOW }, async () => {
      const lines = probes.static(examples);
      expectEveryLineRefused(await lint(`src/${zone}/__probe__.ts`, lines), rule, lines.length, 'no-restricted-imports');
      const sideEffects = probes.sideEffect(examples);
      expectEveryLineRefused(await lint(`src/${zone}/nested/__probe__.tsx`, sideEffects), rule, sideEffects.length, 'no-restricted-imports');
    });

    it(rule.allowTypeImports ? 'lets type-only imports through (they are erased)' : 'refuses type-only imports', { timeout: SLOW }, async () => {
      const lines = probes.type(examples);
      const messages = await lint(`src/${zone}/__probe__.ts`, lines);
      if (rule.allowTypeImports) expectNoneFrom(messages, rule);
      else expectEveryLineRefused(messages, rule, lines.length, 'no-restricted-imports');
    });

    it(rule.allowLazy ? 'lets a lazy import() through' : 'refuses a lazy import() too', { timeout: SLOW }, async () => {
      const lines = probes.lazy(examples);
      const messages = await lint(`src/${zone}/__probe__.tsx`, lines);
      if (rule.allowLazy) expectNoneFrom(messages, rule);
      else expectEveryLineRefused(messages, rule, lines.length, 'no-restricted-syntax');
    });

    it('lets lookalikes through (no false positive)', { timeout: SLOW }, async () => {
      expectNoneFrom(await lint(`src/${zone}/__probe__.ts`, [...probes.static(lookalikes), ...probes.lazy(lookalikes)]), rule);
    });
  });

  // What DESIGN.md allows, written out by hand: each probe must be entirely clean.
  const allowed: Record<string, string[]> = {
    'src/lookups/testing/samples/__probe__.ts': ["import 'zod';", "import 'fast-xml-parser';", "import '../../define-lookup.ts';", "import '@apidevtools/swagger-parser';"],
    'src/demo/__probe__.ts': ["import 'zod';", "import '@faker-js/faker';", "import '../lookups/define-lookup.ts';", "import './seeded.ts';", "import 'vitest';"],
    'src/server/__probe__.tsx': [
      "import 'node:http';",
      "import 'vite';",
      "import '../lookups/registry.ts';",
      "import '../demo/generators.ts';",
      "export const tsx = () => import('tsx/esm/api');",
    ],
    'src/api/__probe__.ts': ["import '@tanstack/react-query';", "import 'react';", "import '../lookups/request.ts';", "import '../form/testing/every-widget-lookup.ts';"],
    'src/app/__probe__.tsx': [
      "import 'react-router';",
      "import '@tanstack/react-query';",
      "import '../results/result-viewer.tsx';",
      "import '../views/own-views.ts';",
      "import type * as ResultsMap from '../map/results-map.tsx'; export type { ResultsMap };",
      "export const LazyMap = () => import('../map/results-map.tsx');",
    ],
    'src/form/__probe__.tsx': ["import 'react';", "import '../api/proxy-url.ts';", "import '../lookups/param.ts';"],
    'src/results/table/__probe__.tsx': ["import '@tanstack/react-virtual';", "import '../../lookups/define-lookup.ts';", "import '../../api/lookup-response.ts';", "import '../slots.ts';"],
    'src/map/__probe__.tsx': [
      "import 'leaflet';",
      "import 'leaflet/dist/leaflet.css';",
      "import 'react-leaflet';",
      "import 'supercluster';",
      "import 'topojson-client';",
      "import 'world-atlas/countries-110m.json';",
      "import '../results/slots.ts';",
      "import '../form/form-values.ts';",
    ],
    'src/views/__probe__.tsx': ["import 'dompurify';", "import '../results/slots.ts';", "export const card = () => import('./movie-card.tsx');"],
  };
  it.each(Object.entries(allowed))('allows what the design allows: %s', { timeout: SLOW }, async (filePath, lines) => {
    expect((await lint(filePath, lines)).map((message) => `${message.line}: ${message.ruleId} ${message.message}`)).toEqual([]);
  });
});
