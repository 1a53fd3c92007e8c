#!/usr/bin/env node
// `npm run new-lookup -- <letter> "<title>"`: scaffolds a minimal GET lookup in the four files a
// lookup is made of (definition, demo generator, sample, a test of the generator) plus its line
// in the registry, so that typecheck, lint and the registry-wide tests pass before anything is
// filled in. docs/adding-a-lookup.md walks through each file. Plain Node (no tsx): it only writes
// text. `--root <dir>` scaffolds in another checkout (scripts/new-lookup.test.ts uses a copy).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const USAGE = 'Usage: npm run new-lookup -- <letter> "<title>"   e.g. npm run new-lookup -- u "Weather"';

class Refusal extends Error {}

// Names a title may not give: JavaScript's reserved words, and the names the generated files
// import or declare themselves.
const RESERVED = new Set(
  `break case catch class const continue debugger default delete do else enum export extends false finally for function if import in
  instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package
  private protected public await arguments eval undefined z param defineLookup defineOperation arrayAt isRecord json defineDemo
  createRng seedFrom samples defineSamples describe expect it ask records demoAsker`.split(/\s+/),
);

/** The parts of a new lookup's names, or a Refusal saying what is wrong with the input. */
export function lookupNames(letterArg, titleArg) {
  const letter = String(letterArg ?? '').trim();
  const title = String(titleArg ?? '')
    .trim()
    .replace(/\s+/g, ' ');
  if (!/^[A-Za-z]$/.test(letter)) throw new Refusal(`The letter must be one letter, like u; got "${letter}".`);
  if (!/^[A-Za-z][A-Za-z0-9 -]*$/.test(title) || title.length > 60)
    throw new Refusal(
      `The title must start with a letter and hold only letters, digits, spaces and hyphens, at most 60 characters (like "Weather"); got "${title}".`,
    );
  const words = title.toLowerCase().split(/[ -]+/).filter(Boolean);
  const name =
    words[0] +
    words
      .slice(1)
      .map((word) => word[0].toUpperCase() + word.slice(1))
      .join('');
  if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) throw new Refusal(`The title "${title}" gives no usable export name.`);
  if (RESERVED.has(name))
    throw new Refusal(
      `The title "${title}" gives the name ${name}, which JavaScript or the generated files already use; choose a longer title.`,
    );
  const slug = letter.toLowerCase();
  // The registry derives the file name from the export name the same way (registry.ts, lookupFiles).
  const file = `${slug}-${name.replace(/[A-Z]/g, (capital) => `-${capital.toLowerCase()}`)}`;
  const constant = `${name.replace(/[A-Z]/g, (capital) => `_${capital}`).toUpperCase()}_DEFAULT_LIMIT`;
  return { id: letter.toUpperCase(), slug, title, name, file, constant };
}

const definition = ({
  id,
  title,
  name,
  file,
  constant,
}) => `// ${id}: ${title}. Scaffolded by \`npm run new-lookup\`; docs/adding-a-lookup.md walks through
// each field. Replace the path, parameters and response schema with the provider's own.
import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import { arrayAt, isRecord } from './adapters.ts';
import { param } from './param.ts';

/** Records in one answer when the request does not say. */
export const ${constant} = 10;

export const ${name}Item = z.looseObject({
  id: z.string(),
  name: z.string(),
  score: z.number(),
});

export const ${name}Response = z.looseObject({
  total: z.number().int(),
  items: z.array(${name}Item),
});

export const ${name} = defineLookup({
  id: '${id}',
  title: '${title}',
  catalog: {
    subject: '${title}',
    coverage: 'global',
    version: 'path prefix /v1',
    price: 'on request',
    trial: 'none',
  },
  // Paths to fields that hold personal data, masked by the proxy (syntax in masking.ts).
  personalData: [],
  operations: [
    defineOperation({
      id: 'search',
      label: '${title}',
      method: 'GET',
      path: '/v1/${file.slice(2)}',
      format: 'json',
      example: { q: 'north', limit: '5' },
      params: z.object({
        q: param.text({
          in: 'query',
          title: 'Name contains',
          help: 'Words the record\\'s name holds, without regard to case, e.g. north.',
          required: true,
          maxLength: 100,
          example: 'north',
        }),
        limit: param.integer({
          in: 'query',
          title: 'Limit',
          help: \`How many records to answer, 1 to 50 (default \${${constant}}).\`,
          min: 1,
          max: 50,
          example: '5',
        }),
      }),
      response: ${name}Response,
      identity: 'id',
      adapters: {
        records: (body) => arrayAt(body, 'items'),
        label: (record) => (isRecord(record) ? String(record.name) : ''),
        errorMessage: (body) => (isRecord(body) && typeof body.message === 'string' ? body.message : undefined),
      },
    }),
  ],
});
`;

const demo = ({
  id,
  name,
  file,
  constant,
}) => `// Demo upstream for ${id}: a fixed set of records drawn from one seed, so the same request always
// gets the same bytes; \`q\` filters by name and \`limit\` caps the answer, as the provider would.
import { ${constant}, ${name} } from '../lookups/${file}.ts';
import { defineDemo, json } from './demo-types.ts';
import { createRng, seedFrom } from './seeded.ts';

const WORDS = ['north', 'south', 'east', 'west', 'harbour', 'valley', 'ridge', 'meadow'] as const;

const RECORDS = Array.from({ length: 60 }, (_, index) => {
  const rng = createRng(seedFrom('${file}', index));
  return { id: \`${file}-\${index + 1}\`, name: \`\${WORDS[index % WORDS.length]} \${rng.pick(WORDS)} \${index + 1}\`, score: rng.int(0, 100) };
});

export const ${name}Demo = defineDemo(${name}, ({ params }) => {
  const words = params.q.toLowerCase();
  const matches = RECORDS.filter((record) => record.name.includes(words));
  return json({ total: matches.length, items: matches.slice(0, params.limit ?? ${constant}) });
});
`;

const demoTest = ({ id, name, file, constant }) => `// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ${constant}, ${name} } from '../lookups/${file}.ts';
import { ${name}Demo } from './${file}.ts';
import { demoAsker } from './testing/ask-demo.ts';

const ask = demoAsker(${name}Demo, ${name});
const records = (values: Record<string, string>) => {
  const answer = ask(values);
  expect(answer.status).toBe(200);
  return ${name}.operations[0].adapters.records(answer.body) as Array<{ name: string }>;
};

describe('${id} demo', () => {
  it('answers only records whose name holds q, without regard to case', () => {
    const found = records({ q: 'NORTH' });
    expect(found.length).toBeGreaterThan(0);
    for (const record of found) expect(record.name).toContain('north');
  });

  it('answers at most limit records, ${constant} without one', () => {
    expect(records({ q: 'e', limit: '3' })).toHaveLength(3);
    expect(records({ q: 'e' })).toHaveLength(${constant});
  });

  it('answers the same request with the same body', () => {
    expect(ask({ q: 'west' })).toEqual(ask({ q: 'west' }));
  });
});
`;

const sample = ({ id, name, file }) => `// A body holding every field of ${id}'s response schema, as the provider sends it.
import { ${name} } from '../../${file}.ts';
import { defineSamples } from '../define-samples.ts';

export const ${name}Sample = {
  total: 2,
  items: [
    { id: '${file}-1', name: 'north ridge 1', score: 71 },
    { id: '${file}-9', name: 'north meadow 9', score: 12 },
  ],
};

export const samples = defineSamples(${name}, { search: [${name}Sample] });
`;

/** registry.ts with the new definition's import and its entry in \`definitions\`. */
export function withRegistryLine(registry, { name, file }) {
  const imports = [...registry.matchAll(/^import \{ \w+ \} from '\.\/[a-z]-[^']+\.ts';$/gm)];
  const last = imports.at(-1);
  const entries = /^const definitions = \{\n([\s\S]*?)^\};$/m.exec(registry);
  if (!last || !entries)
    throw new Refusal(
      'src/lookups/registry.ts no longer has the shape this script edits (definition imports, then `const definitions = { … };`).',
    );
  const end = last.index + last[0].length;
  const withImport = `${registry.slice(0, end)}\nimport { ${name} } from './${file}.ts';${registry.slice(end)}`;
  return withImport.replace(/^(const definitions = \{\n[\s\S]*?)^\};$/m, `$1  ${name},\n};`);
}

/** The four files a new lookup brings, path (from the checkout's root) to text; the registry is the fifth, edited. */
export function newFiles(names) {
  return {
    [`src/lookups/${names.file}.ts`]: definition(names),
    [`src/demo/${names.file}.ts`]: demo(names),
    [`src/demo/${names.file}.test.ts`]: demoTest(names),
    [`src/lookups/testing/samples/${names.file}.sample.ts`]: sample(names),
  };
}

export function scaffold(root, letterArg, titleArg) {
  const names = lookupNames(letterArg, titleArg);
  const lookupsDir = join(root, 'src/lookups');
  const taken = readdirSync(lookupsDir).find(
    (entry) => entry.startsWith(`${names.slug}-`) && entry.endsWith('.ts') && !entry.endsWith('.test.ts'),
  );
  if (taken) throw new Refusal(`The letter ${names.id} is taken: src/lookups/${taken} defines it.`);
  const registryPath = join(lookupsDir, 'registry.ts');
  const registry = readFileSync(registryPath, 'utf8');
  if (new RegExp(`^import \\{ ${names.name} \\}`, 'm').test(registry))
    throw new Refusal(`The registry already has a lookup named ${names.name}; choose another title.`);
  const files = newFiles(names);
  for (const path of Object.keys(files)) if (existsSync(join(root, path))) throw new Refusal(`${path} exists already.`);
  const updatedRegistry = withRegistryLine(registry, names);
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  writeFileSync(registryPath, updatedRegistry);
  return { names, files: [...Object.keys(files), relative(root, registryPath)] };
}

function main(argv) {
  const args = [...argv];
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? args.splice(rootAt, 2)[1] : join(dirname(fileURLToPath(import.meta.url)), '..');
  if (args.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  try {
    const { names, files } = scaffold(root, args[0], args[1]);
    // Written in the project's style, so `npm run format:check` passes on a fresh scaffold.
    const formatted = spawnSync('npx', ['--no-install', 'biome', 'format', '--write', ...files], { cwd: root, stdio: 'ignore' });
    if (formatted.status !== 0) console.error('new-lookup: the files could not be formatted; run `npm run format`.');
    console.log(`Scaffolded ${names.id} (${names.title}):\n${files.map((file) => `  ${file}`).join('\n')}\nNext: docs/adding-a-lookup.md`);
    return 0;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.error(`new-lookup: ${error.message}\n${USAGE}`);
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2));
