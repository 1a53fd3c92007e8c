import { describe, expect, it } from 'vitest';
import { defineLink, definePointLink } from './link-types.ts';
import { LINK_WINDOW, LINK_WINDOW_PARAMS, linksFrom, lookupLinks } from './links.ts';
import { lookups } from './registry.ts';
import { paramHints } from './param.ts';
import type { AnyLookup } from './define-lookup.ts';
import { linkRecords, linkValues, withRadius, withWindow } from './follow-link.ts';
import { readPath } from './adapters.ts';
import { samplesOf } from './testing/lookup-samples.ts';

describe('link types', () => {
  it('refuses a source field, a target parameter or an operation that does not exist (checked by typecheck)', () => {
    // One line per wrong link (a formatter never splits them), so each directive sits on its error.
    const fromD = { from: 'D', fromOperation: 'detail', recordsAt: 'property', label: '' } as const;
    const wrong = [
      // @ts-expect-error -- D's location has no "lat" field
      defineLink({ ...fromD, to: 'L', fill: { lat: { field: 'location.lat' } } }),
      // @ts-expect-error -- L has no parameter "latitude"
      defineLink({ ...fromD, to: 'L', fill: { latitude: { field: 'location.latitude' } } }),
      // @ts-expect-error -- D has no operation "details"
      defineLink({ ...fromD, fromOperation: 'details', to: 'G', fill: { recordid: { field: 'identifier.recordId' } } }),
      // @ts-expect-error -- D's records sit at "property", not "properties"
      defineLink({ ...fromD, recordsAt: 'properties', to: 'G', fill: { recordid: { field: 'identifier.recordId' } } }),
      // @ts-expect-error -- a point link fills from the point or fixed values, never a field
      definePointLink({ to: 'M', fill: { lat: { field: 'lat' } } }),
      // @ts-expect-error -- B has no parameter "distance"
      definePointLink({ to: 'B', fill: {}, radius: { param: 'distance', unit: 'distance' } }),
    ];
    expect(wrong).toHaveLength(6);
  });
});

describe('the link table', () => {
  it('names operations and parameters that exist, and fills every parameter its target requires', () => {
    for (const link of lookupLinks) {
      const source = lookups[link.from];
      expect(source.operations.map((operation) => operation.id)).toContain(link.fromOperation);
      const target = lookups[link.to];
      const operation = target.operations.find((candidate) => candidate.id === (link.toOperation ?? target.operations[0].id));
      expect(operation, `${link.from} → ${link.to}`).toBeDefined();
      const shape = operation!.params.shape;
      for (const name of Object.keys(link.fill)) expect(Object.keys(shape)).toContain(name);
      const required = Object.entries(shape)
        .filter(([, schema]) => paramHints.get(schema)?.required)
        .map(([name]) => name);
      for (const name of required) expect(Object.keys(link.fill), `${link.from} → ${link.to} fills ${name}`).toContain(name);
    }
  });

  it('links D to G, H, L, M and B, and every record with a point to B, L and M', () => {
    expect(linksFrom('D', 'detail').map((link) => link.to)).toEqual(['G', 'H', 'L', 'M', 'B']);
    for (const lookup of Object.values(lookups) as AnyLookup[])
      for (const operation of lookup.operations) {
        const targets = linksFrom(lookup.id, operation.id).map((link) => link.to);
        if (operation.adapters?.point !== undefined && operation.adapters.records !== undefined)
          for (const near of ['B', 'L', 'M']) if (near !== lookup.id) expect(targets, `${lookup.id} ${operation.id}`).toContain(near);
      }
  });
});

describe('following a link', () => {
  const d = lookups.D.operations[0];
  const property = samplesOf(lookups.D, d).flatMap((body) => linkRecords(linksFrom('D', 'detail')[0]!, body))[0];

  it('reads the records where the source adapter finds them, for every link with a sample', () => {
    for (const link of lookupLinks) {
      const lookup: AnyLookup = lookups[link.from];
      const operation = lookup.operations.find((candidate) => candidate.id === link.fromOperation)!;
      for (const body of samplesOf(lookup, operation))
        expect(linkRecords(link, body), `${link.from} ${link.fromOperation}`).toEqual(operation.adapters?.records?.(body) ?? []);
    }
  });

  it('fills G, H, L and B from a property record', () => {
    expect(property).toBeDefined();
    const [g, h, l, , b] = linksFrom('D', 'detail');
    expect(linkValues(g!, d, property)).toEqual({ recordid: String(readPath(property, 'identifier.recordId')) });
    expect(linkValues(h!, d, property)).toEqual({ zipcode: readPath(property, 'address.postal1') });
    expect(linkValues(l!, d, property)).toMatchObject({
      lat: readPath(property, 'location.latitude'),
      lon: readPath(property, 'location.longitude'),
      distance: '1mi',
    });
    const point = d.adapters.point(property)!;
    expect(linkValues(b!, d, property)).toEqual({ prox: `${point.lat},${point.lon},1609` });
  });

  it('offers nothing for a record that lacks a value the link needs', () => {
    const [g, , l] = linksFrom('D', 'detail');
    expect(linkValues(g!, d, { identifier: {} })).toBeUndefined();
    expect(linkValues(l!, d, { location: { latitude: '' } })).toBeUndefined();
  });

  it('sets the radius in the unit the target takes', () => {
    const [, , l, , b] = linksFrom('D', 'detail');
    expect(withRadius(l!, { lat: '1', lon: '2', distance: '1mi' }, 500)).toMatchObject({ distance: '500m' });
    expect(withRadius(b!, { prox: '1,2,1609' }, 250.4)).toEqual({ prox: '1,2,250' });
  });
});

describe('withWindow', () => {
  const window = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-07T23:59:59.999Z' };

  it('sets the time window of a link that fills one, and leaves every other value', () => {
    const timed = lookupLinks.find((link) => LINK_WINDOW_PARAMS.from in link.fill)!;
    const values = { lat: '37.7', lon: '-122.4', ...LINK_WINDOW };
    expect(timed).toBeDefined();
    expect(withWindow(values, window)).toEqual({
      lat: '37.7',
      lon: '-122.4',
      [LINK_WINDOW_PARAMS.from]: window.from,
      [LINK_WINDOW_PARAMS.to]: window.to,
    });
  });

  it('adds no window to values that had none', () => {
    const values = { prox: '37.7,-122.4,1609' };
    expect(withWindow(values, window)).toBe(values);
  });
});
