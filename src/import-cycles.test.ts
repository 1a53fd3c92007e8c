// No module of src/ reaches itself through its imports, type-only imports included: a cycle
// makes load order matter and says two modules are one job split in two. The imports are read
// from the syntax tree (TypeScript's parser), so `import type`, re-exports and multi-line imports
// all count; only relative specifiers can close a cycle inside src/.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative module specifiers of a file's static imports and re-exports, `import type` included. */
function importedSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    )
      specifiers.push(statement.moduleSpecifier.text);
  }
  return specifiers.filter((specifier) => specifier.startsWith('.'));
}

type ImportGraph = ReadonlyMap<string, readonly string[]>;

function importGraph(files: readonly string[], read: (file: string) => string): ImportGraph {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      importedSpecifiers(file, read(file))
        .map((specifier) => resolve(dirname(file), specifier))
        .filter((target) => known.has(target)),
    ]),
  );
}

/** Every cycle's modules, one list per strongly connected component (Tarjan), a self-import included. */
function findCycles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (module: string): void => {
    index.set(module, next);
    low.set(module, next++);
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(module, Math.min(low.get(module)!, index.get(target)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)?.includes(module)) cycles.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return cycles;
}

describe('import cycles', () => {
  it('finds type-only, re-exported and self cycles (the checker can fail)', () => {
    expect(
      importedSpecifiers(
        'x.ts',
        "import type { A } from './a.ts';\nexport { B } from './b.ts';\nimport {\n  C,\n} from '../c.ts';\nimport 'node:fs';",
      ),
    ).toEqual(['./a.ts', './b.ts', '../c.ts']);
    const graph = new Map([
      ['/a', ['/b']],
      ['/b', ['/c']],
      ['/c', ['/a']],
      ['/d', ['/a', '/d']],
      ['/e', []],
    ]);
    expect(findCycles(graph)).toEqual([['/a', '/b', '/c'], ['/d']]);
    expect(
      findCycles(
        new Map([
          ['/a', ['/b']],
          ['/b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('finds none in src/', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(500);
    const cycles = findCycles(importGraph(files, (file) => readFileSync(file, 'utf8')));
    expect(cycles.map((cycle) => cycle.map((file) => relative(SRC, file)))).toEqual([]);
  });
});
