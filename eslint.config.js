// Lint, including the house rules of DESIGN.md. The rules are data in house-rules.mjs (the import
// table, kinds of module, lookup letters, Node globals); this file only turns them into eslint
// configuration, and src/house-rules.test.ts lints a probe for every rule, built from the same data.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { browserParts, houseRules, letterHomes, letterRules, nodeGlobals, parts, testFiles } from './house-rules.mjs';

/** A no-restricted-imports pattern per kind of module the rows forbid. */
function importPatterns(rows) {
  return rows.flatMap((row) =>
    row.forbid.map((kind) => ({ regex: kind.regex, message: row.message, ...(row.allowTypeImports && { allowTypeImports: true }) })),
  );
}

// no-restricted-imports sees `import`, `import type`, `export … from` and `import x = require()`,
// never `import()`: the same patterns as selectors catch a lazy import of what a folder may not have.
function lazySelectors(rows) {
  return rows
    .filter((row) => !row.allowLazy)
    .flatMap((row) =>
      row.forbid.map((kind) => ({
        selector: `ImportExpression[source.value=/${kind.regex.replaceAll('/', '\\/')}/iu]`,
        message: row.message,
      })),
    );
}

const letterSelectors = letterRules.flatMap((rule) => rule.selectors.map((selector) => ({ selector, message: rule.message })));

/**
 * The rules of one part. A file takes a rule's options from the last block that sets it, so the
 * blocks go from general to particular: the part's production code, then its letter homes (no
 * letter rules), then its tests (no letter rules, the table's test-only edges, Node's globals).
 */
function partConfig(part) {
  const rows = houseRules.filter((row) => row.zones.includes(part));
  const testRows = rows.filter((row) => !row.testsMay);
  const files = [`src/${part}/**/*.{ts,tsx}`];
  const homes = letterHomes.filter((glob) => glob.startsWith(`src/${part}/`));
  const syntax = (selectors) =>
    selectors.length > 0 ? { 'no-restricted-syntax': ['error', ...selectors] } : { 'no-restricted-syntax': 'off' };
  const browser = browserParts.includes(part);
  return [
    {
      files,
      ...(browser && { languageOptions: { globals: globals.browser } }),
      rules: {
        'no-restricted-imports': ['error', { patterns: importPatterns(rows) }],
        ...syntax([...lazySelectors(rows), ...letterSelectors]),
        ...(browser && {
          'no-restricted-globals': [
            'error',
            ...nodeGlobals.map((name) => ({ name, message: `Browser code: ${name} is Node's (house-rules.mjs).` })),
          ],
        }),
      },
    },
    ...(homes.length > 0 ? [{ files: homes, rules: syntax(lazySelectors(rows)) }] : []),
    {
      files: testFiles.map((glob) => `src/${part}/${glob}`),
      languageOptions: { globals: { ...globals.browser, ...globals.node } },
      rules: {
        'no-restricted-imports': ['error', { patterns: importPatterns(testRows) }],
        ...syntax(lazySelectors(testRows)),
        'no-restricted-globals': 'off',
      },
    },
  ];
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'reports', 'bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Node's globals only where Node runs (eslint merges the globals of every block a file matches,
  // so no block gives them to all): tools, benchmarks, configuration, server/; end-to-end specs and
  // src/'s own test setup run code in a page as well. Browser parts and tests: partConfig.
  { files: ['*.{js,mjs,ts}', 'scripts/**', 'bench/**', 'src/server/**'], languageOptions: { globals: globals.node } },
  { files: ['e2e/**', 'src/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  ...parts.flatMap(partConfig),
);
