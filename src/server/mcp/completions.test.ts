import { describe, expect, it } from 'vitest';
import { cars } from '../../lookups/f-cars.ts';
import { allLookups } from '../../lookups/registry.ts';
import { complete, MAX_COMPLETION_VALUES } from './completions.ts';
import { ASK_LOOKUP, COMPARE_DATES, PLACE_DOSSIER, promptMessages } from './prompts.ts';
import { RESOURCE_TEMPLATES } from './resources.ts';
import { toolName } from './tool-catalog.ts';

const prompt = (name: string, argument: string, value: string, context?: Record<string, string>) =>
  complete(allLookups, {
    ref: { type: 'ref/prompt', name },
    argument: { name: argument, value },
    ...(context && { context: { arguments: context } }),
  });
const CARS_TOOL = toolName(cars, cars.operations[0]);

describe('completion of a place', () => {
  it('offers the gazetteer’s names for what is typed, best first', () => {
    const { values } = prompt(PLACE_DOSSIER, 'place', 'denv');
    expect(values[0]).toBe('Denver, CO');
  });

  it('offers the US 3-digit zip areas that begin with the digits typed', () => {
    const { values } = prompt(ASK_LOOKUP, 'place', '80');
    expect(values).toContain('800');
    expect(values.every((value) => /^80\d$/.test(value))).toBe(true);
  });

  it('gives the prompt the gazetteer’s point for a named place', () => {
    const text = promptMessages(allLookups, PLACE_DOSSIER, { place: 'Denver, CO' })![0]!.content.text;
    expect(text).toMatch(/Denver, CO \(latitude 39\.\d+, longitude -104\.\d+/);
  });
});

describe('completion of a tool and its arguments', () => {
  it('offers the tools whose names begin with what is typed, or with a lookup’s letter', () => {
    const crime = allLookups.find((lookup) => lookup.id === 'L')!;
    expect(prompt(COMPARE_DATES, 'tool', 'lookup_l').values).toEqual(crime.operations.map((operation) => toolName(crime, operation)));
    expect(prompt(ASK_LOOKUP, 'tool', 'f').values).toEqual(cars.operations.map((operation) => toolName(cars, operation)));
  });

  it('offers the named tool’s parameters, and an enum parameter’s choices', () => {
    expect(prompt(ASK_LOOKUP, 'parameter', 'fu', { tool: CARS_TOOL }).values).toEqual(['fuel_type']);
    expect(prompt(ASK_LOOKUP, 'value', '', { tool: CARS_TOOL, parameter: 'fuel_type' }).values).toEqual(['gas', 'diesel', 'electricity']);
    expect(prompt(ASK_LOOKUP, 'value', 'd', { tool: 'f', parameter: 'drive' }).values).toEqual([]);
    expect(prompt(ASK_LOOKUP, 'value', '4', { tool: 'f', parameter: 'drive' }).values).toEqual(['4wd']);
  });

  it('offers nothing, not an error, for an argument or a prompt it does not know', () => {
    expect(prompt(ASK_LOOKUP, 'value', 'x', { tool: 'nonsense', parameter: 'drive' })).toEqual({ values: [], total: 0, hasMore: false });
    expect(prompt('test_prompt_with_arguments', 'arg1', 'test')).toEqual({ values: [], total: 0, hasMore: false });
  });

  it('never offers more values than the protocol allows, and says there are more', () => {
    const { values, total, hasMore } = prompt(ASK_LOOKUP, 'tool', '');
    expect(values.length).toBeLessThanOrEqual(MAX_COMPLETION_VALUES);
    expect(total).toBeGreaterThan(0);
    expect(hasMore).toBe(total > MAX_COMPLETION_VALUES);
  });
});

describe('completion of a resource template’s lookup', () => {
  it('offers the lookups’ letters', () => {
    const notes = RESOURCE_TEMPLATES[0].uriTemplate;
    expect(complete(allLookups, { ref: { type: 'ref/resource', uri: notes }, argument: { name: 'lookup', value: '' } }).values).toEqual(
      allLookups.map((lookup) => lookup.slug),
    );
    expect(complete(allLookups, { ref: { type: 'ref/resource', uri: notes }, argument: { name: 'lookup', value: 'L' } }).values).toEqual([
      'l',
    ]);
  });
});
