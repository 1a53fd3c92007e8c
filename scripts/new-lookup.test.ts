// @vitest-environment node
// `npm run new-lookup` in a copy of this checkout: it adds at most four files and a registry line,
// and the copy then passes typecheck, lint and every unit test that reads the registry, untouched.
// Slow (a typecheck and some fifty test files on the copy), hence the long timeout. The copy's
// tests are run by name and never include scripts/, so this test does not run itself again.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allLookups } from '../src/lookups/registry.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

function run(cwd: string, command: string, args: readonly string[]): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0' } });
}

function ok(result: SpawnSyncReturns<string>): string {
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

const git = (cwd: string, ...args: string[]) =>
  ok(run(cwd, 'git', ['-c', 'user.name=scaffold', '-c', 'user.email=scaffold@example.invalid', ...args]));
const npx = (cwd: string, ...args: string[]) => run(cwd, 'npx', ['--no-install', ...args]);

/** The first lowercase letter no lookup has yet. */
const freeLetter = Array.from({ length: 26 }, (_, index) => String.fromCharCode(97 + index)).find(
  (slug) => !allLookups.some((lookup) => lookup.slug === slug),
);

/** Copies the checkout's files as they are now (tracked and new, not ignored) and commits them in a repository of its own. */
function copyCheckout(): string {
  const copy = mkdtempSync(join(tmpdir(), 'new-lookup-'));
  const files = git(repo, 'ls-files', '-z', '--cached', '--others', '--exclude-standard').split('\0').filter(Boolean);
  for (const file of files) {
    // A file deleted in the working tree is still listed until the deletion is committed.
    if (!existsSync(join(repo, file))) continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(repo, file), join(copy, file));
  }
  git(copy, 'init', '-q');
  git(copy, 'add', '-A');
  git(copy, 'commit', '-q', '-m', 'copy');
  symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'), 'dir');
  writeFileSync(join(copy, '.git/info/exclude'), 'node_modules\n');
  return copy;
}

describe.runIf(freeLetter)('npm run new-lookup', { timeout: 20 * 60_000 }, () => {
  let copy = '';
  beforeAll(() => {
    copy = copyCheckout();
  }, 5 * 60_000);
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('refuses a letter already taken, a bad letter and a bad title, and writes nothing', () => {
    const taken = allLookups[0]!.slug;
    for (const [args, words] of [
      [[taken, 'Weather'], `The letter ${taken.toUpperCase()} is taken`],
      [['12', 'Weather'], 'The letter must be one letter'],
      [[freeLetter!, ''], 'The title must start with a letter'],
      [[freeLetter!, 'Weather; rm -rf'], 'The title must start with a letter'],
      [[freeLetter!, '9 lives'], 'The title must start with a letter'],
      [[freeLetter!, 'Delete'], 'which JavaScript or the generated files already use'],
      [[freeLetter!], 'Usage: npm run new-lookup'],
    ] as const) {
      const result = run(copy, process.execPath, ['scripts/new-lookup.mjs', ...args]);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(words);
    }
    expect(git(copy, 'status', '--porcelain')).toBe('');
  });

  it('adds four files and the registry line, then passes typecheck, lint and the registry-wide tests', () => {
    ok(run(copy, process.execPath, ['scripts/new-lookup.mjs', freeLetter!, 'Weather']));
    const status = git(copy, 'status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean);
    const added = status.filter((line) => line.startsWith('?? ')).map((line) => line.slice(3));
    expect(status.filter((line) => !line.startsWith('?? '))).toEqual([' M src/lookups/registry.ts']);
    expect(added.length).toBeLessThanOrEqual(4);
    expect(added).toEqual(
      expect.arrayContaining([
        `src/lookups/${freeLetter}-weather.ts`,
        `src/demo/${freeLetter}-weather.ts`,
        `src/lookups/testing/samples/${freeLetter}-weather.sample.ts`,
      ]),
    );
    const registryDiff = git(copy, 'diff', '--numstat', 'src/lookups/registry.ts');
    expect(registryDiff.trim()).toBe('2\t0\tsrc/lookups/registry.ts');

    // The project's own typecheck: every TypeScript project it has (Node's and the browser's).
    ok(run(copy, 'npm', ['run', '--silent', 'typecheck']));
    ok(npx(copy, 'eslint', '--max-warnings=0', 'src/lookups/registry.ts', ...added));
    // Formatted as the project formats (the suite's format check covers the whole tree).
    ok(npx(copy, 'biome', 'format', 'src/lookups/registry.ts', ...added));

    // Every unit test that goes over all the lookups (allLookups, LOOKUP_IDS): what a new lookup must
    // pass. A test that imports the registry only to pick a lookup it names is not changed by one more,
    // and the suite runs it anyway. Out, as the suite runs them: those that start processes or need
    // Redis, lint the tree, or push big answers through the masking (they name the lookups they use).
    const heavy = [
      'server-processes.test.ts',
      'team-limits-redis.test.ts',
      'budget-restart-redis.test.ts',
      'answer-cache-sharing.test.ts',
      'mcp-stdio.test.ts',
      'house-rules.test.ts',
      'masking-stream.test.ts',
      'big-answers.test.ts',
    ];
    const registryWide = git(copy, 'grep', '-l', '-E', '-e', '\\b(allLookups|LOOKUP_IDS)\\b', '--', 'src/*.test.ts', 'src/*.test.tsx')
      .trim()
      .split('\n')
      .filter((file) => !heavy.some((name) => file.endsWith(name)));
    const tests = [...registryWide, ...added.filter((file) => file.endsWith('.test.ts'))];
    expect(tests.length).toBeGreaterThan(10);
    const vitest = npx(copy, 'vitest', 'run', ...tests);
    expect(
      vitest.status,
      vitest.stdout
        .split('\n')
        .filter((line) => /FAIL|×|Error/.test(line))
        .slice(0, 40)
        .join('\n'),
    ).toBe(0);
    expect(readFileSync(join(copy, 'src/lookups/registry.ts'), 'utf8')).toContain(`import { weather } from './${freeLetter}-weather.ts';`);
  });
});
