// What a field says under its label says each thing once and matches its control: at most one
// "e.g." example, each format named at most once, no sentence twice, and a date (a native date
// control, shown in the browser's own format) names no typed format. Looped over the registry.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { lookups } from '../lookups/registry.ts';
import { paramMeta, type ParamMeta } from '../lookups/param.ts';
import { datetimeExample, fieldHelpText } from './field-help.ts';

/** Words that state a format: each may appear once in a field's text. */
const FORMAT_WORDS = [/ISO 8601/gi, /YYYY-MM-DD/gi, /\bformat\b/gi, /milliseconds/gi, /\bin metres\b/gi, /\bUTC\b/gi];

const fields = Object.values(lookups).flatMap((lookup) =>
  lookup.operations.flatMap((operation) =>
    Object.entries(operation.params.shape).flatMap(([name, field]) => {
      const meta = paramMeta(field as z.ZodType);
      return meta ? [{ name: `${lookup.id} ${operation.id} ${name}`, meta }] : [];
    }),
  ),
);

/** Problems of one field's text; [] when it says each thing once. */
function helpProblems(meta: ParamMeta): string[] {
  const text = fieldHelpText(meta);
  const problems: string[] = [];
  const examples = text.match(/\be\.g\./gi) ?? [];
  if (examples.length > 1) problems.push(`${examples.length} "e.g." examples`);
  for (const word of FORMAT_WORDS) {
    const found = text.match(word) ?? [];
    if (found.length > 1) problems.push(`"${found[0]}" ${found.length} times`);
  }
  const sentences = text.split(/(?<=\.)\s+/).map((sentence) => sentence.trim().toLowerCase());
  const repeated = sentences.filter((sentence, index) => sentences.indexOf(sentence) !== index);
  if (repeated.length > 0) problems.push(`repeats "${repeated[0]}"`);
  if (meta.widget === 'date' && /YYYY|MM\/DD|DD\/MM/i.test(text)) problems.push('names a typed format the date control does not show');
  return problems;
}

describe('field help text', () => {
  it('finds the repetitions the checks are for', () => {
    const datetime: ParamMeta = {
      in: 'query',
      title: 'From',
      help: 'Start of the window, ISO 8601 in UTC, e.g. 2024-05-01T00:00:00.000Z.',
      widget: 'datetime',
      required: true,
    };
    expect(helpProblems(datetime)).toEqual(['2 "e.g." examples', '"ISO 8601" 2 times']);
    const date: ParamMeta = { in: 'query', title: 'Start', help: 'First day, YYYY-MM-DD.', widget: 'date', required: true };
    expect(helpProblems(date)).toEqual(['names a typed format the date control does not show']);
  });

  it.each(fields.map(({ name, meta }) => [name, meta] as const))('%s says each thing once and matches its control', (_name, meta) => {
    expect(helpProblems(meta)).toEqual([]);
  });

  it('shows a datetime’s own example, the one its placeholder shows', () => {
    const meta: ParamMeta = {
      in: 'query',
      title: 'From',
      help: 'Start of the window.',
      widget: 'datetime',
      required: true,
      example: '2024-05-01T00:00:00.000Z',
    };
    expect(fieldHelpText(meta)).toBe('Start of the window. ISO 8601, e.g. 2024-05-01T00:00:00.000Z.');
    expect(datetimeExample(meta)).toBe('2024-05-01T00:00:00.000Z');
  });
});
