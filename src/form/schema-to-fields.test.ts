import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Operation } from '../lookups/define-lookup.ts';
import { movie } from '../lookups/a-movie.ts';
import { groupFields, schemaToFields } from './schema-to-fields.ts';
import { everyWidgetLookup, postLookup } from './testing/every-widget-lookup.ts';

describe('schemaToFields', () => {
  it('lists the fields of A in the definition order with their hints', () => {
    const fields = schemaToFields(movie.operations[0]);
    expect(fields.map((field) => field.name)).toEqual(['movie_id', 'language', 'append_to_response']);
    expect(fields[0]!.meta).toMatchObject({ in: 'path', widget: 'integer', required: true, min: 1 });
    expect(fields[2]!.meta).toMatchObject({ in: 'query', widget: 'list', required: false });
    expect(fields[2]!.meta.options).toContain('videos');
  });

  it('reads every widget kind from the builders', () => {
    const widgets = schemaToFields(everyWidgetLookup.operations[0]).map((field) => field.meta.widget);
    expect(new Set(widgets)).toEqual(
      new Set([
        'text',
        'integer',
        'number',
        'radius',
        'boolean',
        'enum',
        'list',
        'date',
        'datetime',
        'latitude',
        'longitude',
        'distance',
        'prox',
        'epoch-ms',
      ]),
    );
  });

  it('groups path before query before body and leaves empty groups out', () => {
    const groups = groupFields(schemaToFields(everyWidgetLookup.operations[0]));
    expect(groups.map((group) => group.legend)).toEqual(['Path', 'Query']);
    expect(groups[0]!.fields.map((field) => field.name)).toEqual(['region']);
    expect(groupFields(schemaToFields(postLookup.operations[0])).map((group) => group.legend)).toEqual(['Body']);
  });

  it('infers hints for fields written without a builder', () => {
    const operation = {
      ...movie.operations[0],
      path: '/things/{thing}',
      params: z.object({
        thing: z.string(),
        count: z.number().int().min(2).max(9).optional().describe('How many.'),
        mode: z.enum(['fast', 'slow']).optional(),
        strict: z.boolean().optional(),
      }),
    } satisfies Operation;
    const byName = Object.fromEntries(schemaToFields(operation).map((field) => [field.name, field.meta]));
    expect(byName.thing).toMatchObject({ in: 'path', widget: 'text', required: true, title: 'thing' });
    expect(byName.count).toMatchObject({ in: 'query', widget: 'integer', required: false, min: 2, max: 9, help: 'How many.' });
    expect(byName.mode).toMatchObject({ widget: 'enum', options: ['fast', 'slow'] });
    expect(byName.strict).toMatchObject({ widget: 'boolean' });
  });
});
