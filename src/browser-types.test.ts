// @vitest-environment node
// Browser code cannot name Node: tsconfig.browser.json (part of `npm run typecheck`) checks the
// production files of the browser parts without Node's types. A probe in every browser part that
// names Node's globals and a Node module must fail to compile in that project, with all its real
// files (so a library that drags Node's types in would show), and compile where Node runs.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const { browserParts } = (await import(/* @vite-ignore */ new URL('../house-rules.mjs', import.meta.url).href)) as {
  browserParts: string[];
};

const probeLines = [
  'export const p1 = process.env.NODE_ENV;',
  "export const p2 = Buffer.from('x');",
  'export const p3 = __dirname;',
  "export const p4 = require('x');",
  'export const p5 = global;',
  "export { readFileSync } from 'node:fs';",
];
const probeText = `${probeLines.join('\n')}\n`;

function project(configName: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    `${root}${configName}`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configName}`);
  return parsed;
}

/** The probe's diagnostics, by line (1-based), in a program of the project's options over `rootNames` plus the probes. */
function probeErrors(parsed: ts.ParsedCommandLine, rootNames: readonly string[], probes: readonly string[]): Map<string, Set<number>> {
  const host = ts.createCompilerHost(parsed.options);
  const isProbe = (fileName: string) => probes.includes(fileName);
  const { fileExists, readFile } = host;
  host.fileExists = (fileName) => isProbe(fileName) || fileExists.call(host, fileName);
  host.readFile = (fileName) => (isProbe(fileName) ? probeText : readFile.call(host, fileName));
  const program = ts.createProgram({ rootNames: [...rootNames, ...probes], options: parsed.options, host });
  const errors = new Map<string, Set<number>>();
  for (const probe of probes) {
    const lines = new Set<number>();
    for (const diagnostic of ts.getPreEmitDiagnostics(program, program.getSourceFile(probe))) {
      if (diagnostic.file && diagnostic.start !== undefined)
        lines.add(diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1);
    }
    errors.set(probe, lines);
  }
  return errors;
}

const everyLine = probeLines.map((_, i) => i + 1);

describe('Node only where Node runs (tsconfig.browser.json)', () => {
  const browser = project('tsconfig.browser.json');

  it('covers the production files of every browser part, and no tests', () => {
    const files = browser.fileNames.map((file) => file.slice(root.length));
    for (const part of browserParts)
      expect(
        files.some((file) => file.startsWith(`src/${part}/`)),
        part,
      ).toBe(true);
    expect(files.filter((file) => /\.test\.tsx?$|\/testing\//.test(file))).toEqual([]);
    expect(files.filter((file) => file.startsWith('src/server/'))).toEqual([]);
  });

  it("refuses Node's globals and modules in a probe in every browser part", { timeout: 180_000 }, () => {
    const probes = browserParts.map((part) => `${root}src/${part}/__probe__.ts`);
    for (const [probe, lines] of probeErrors(browser, browser.fileNames, probes))
      expect(
        [...lines].sort((a, b) => a - b),
        probe,
      ).toEqual(everyLine);
  });

  it('compiles the same probe where Node runs (server/, with tsconfig.json)', { timeout: 180_000 }, () => {
    const probe = `${root}src/server/__probe__.ts`;
    expect([...probeErrors(project('tsconfig.json'), [], [probe]).get(probe)!]).toEqual([]);
  });
});
