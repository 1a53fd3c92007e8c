import { describe, expect, it } from 'vitest';
import { allLookups } from '../../lookups/registry.ts';
import type { z } from 'zod';
import { paramMeta } from '../../lookups/param.ts';
import { lookupTool, lookupTools, RESULT_LIMIT, RESULT_OFFSET, toolInputSchema, toolName } from './tool-catalog.ts';

const operations = allLookups.flatMap((lookup) => lookup.operations.map((operation) => ({ lookup, operation })));

describe('the tools of the registry', () => {
  it('names every operation once, within the 64 characters clients accept, from the letter and the title', () => {
    const names = operations.map(({ lookup, operation }) => toolName(lookup, operation));
    expect(new Set(names).size).toBe(names.length);
    for (const [index, name] of names.entries()) {
      expect(name).toMatch(/^[a-z0-9_]{1,64}$/);
      expect(name.startsWith(`lookup_${operations[index]!.lookup.slug}_`)).toBe(true);
    }
  });

  it('adds its paging arguments under names no lookup uses for a parameter', () => {
    for (const { operation } of operations) {
      expect(Object.keys(operation.params.shape)).not.toContain(RESULT_OFFSET);
      expect(Object.keys(operation.params.shape)).not.toContain(RESULT_LIMIT);
      const schema = toolInputSchema(operation);
      expect(Object.keys(schema.properties)).toEqual([...Object.keys(operation.params.shape), RESULT_OFFSET, RESULT_LIMIT]);
      expect(schema.additionalProperties).toBe(false);
    }
  });

  it('carries choices and required parameters from the definitions', () => {
    for (const { operation } of operations) {
      const schema = toolInputSchema(operation);
      for (const [name, field] of Object.entries(operation.params.shape)) {
        const optional = field.safeParse(undefined).success;
        expect(schema.required?.includes(name) ?? false, name).toBe(!optional);
      }
    }
    const withChoices = operations
      .flatMap(({ operation }) => Object.values(toolInputSchema(operation).properties))
      .filter((property) => property.enum);
    expect(withChoices.length).toBeGreaterThan(0);
  });

  it('says a demo lookup is free, and a live priced one costs money per call and counts against its budget', () => {
    const priced = allLookups.find((lookup) => lookup.catalog.pricePerCall !== undefined)!;
    const operation = priced.operations[0];
    const demo = lookupTool(priced, operation, { mode: 'demo' });
    expect(demo.definition.description).toContain('free');
    expect(demo.definition._meta['lookup-explorer/costsMoney']).toBeUndefined();
    expect(demo.definition._meta['lookup-explorer/mode']).toBeUndefined();
    const live = lookupTool(priced, operation, { mode: 'live', limits: { queue: 0, budget: { limit: 50, period: 'day' } } });
    expect(live.definition.description).toContain(`$${priced.catalog.pricePerCall} per call`);
    expect(live.definition.description).toContain('budget of 50 live calls per day');
    expect(live.definition._meta['lookup-explorer/costsMoney']).toBe(true);
    expect(live.definition.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
  });

  it('describes a parameter by its help, or its title when it has none, never the two run together', () => {
    for (const { operation } of operations) {
      const properties = toolInputSchema(operation).properties;
      for (const [name, field] of Object.entries(operation.params.shape)) {
        const meta = paramMeta(field as z.ZodType)!;
        const description = String(properties[name]!.description);
        expect(description.startsWith(meta.help ?? meta.title), `${name}: ${description}`).toBe(true);
        if (meta.help && !meta.help.startsWith(meta.title))
          expect(description.startsWith(`${meta.title} `), `${name}: ${description}`).toBe(false);
      }
    }
  });

  it('keeps tools/list tight: under 40 kB for the whole registry (72.6 kB before issue 37)', () => {
    const listed = JSON.stringify({ tools: lookupTools(allLookups, () => 'demo').map((tool) => tool.definition) });
    expect(Buffer.byteLength(listed)).toBeLessThan(40_000);
  });

  it('describes each tool by the mode the server gives its lookup', () => {
    const [first, ...rest] = allLookups;
    const tools = lookupTools(allLookups, (id) => (id === first!.id ? 'live' : 'demo'));
    expect(tools.filter((tool) => tool.definition._meta['lookup-explorer/mode'] === 'live').map((tool) => tool.lookup)).toEqual(
      first!.operations.map(() => first),
    );
    expect(tools.length).toBe(operations.length);
    expect(rest.length).toBeGreaterThan(0);
  });
});
