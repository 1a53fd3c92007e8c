import { describe, expect, it } from 'vitest';
import { allLookups } from '../lookups/registry.ts';
import { samplesOf } from '../lookups/testing/lookup-samples.ts';
import { definedPopupFields, popupFields, recordPopupFields, valuesAt } from './popup-fields.ts';

describe('popupFields', () => {
  it('shows plain and one-level nested fields, skipping coordinates and empty values', () => {
    const record = {
      incident_latitude: 37.7,
      incident_longitude: -122.4,
      incident_offense: 'Larceny/Theft',
      incident_address: '',
      properties: { dataset: 'pm25', deep: { hidden: 'x' } },
      geometry: { coordinates: [1, 2] },
      confirmed: true,
    };
    expect(popupFields(record)).toEqual([
      { name: 'incident_offense', value: 'Larceny/Theft' },
      { name: 'properties.dataset', value: 'pm25' },
      { name: 'confirmed', value: 'true' },
    ]);
  });

  it('shortens long text and stops at the limit', () => {
    const fields = popupFields({ a: 'x'.repeat(200), b: 1, c: 2, d: 3 }, 2);
    expect(fields).toHaveLength(2);
    expect(fields[0]?.value).toHaveLength(80);
    expect(fields[0]?.value.endsWith('…')).toBe(true);
  });
});

describe('the popup lines a definition names', () => {
  const station = {
    name: 'Alexanderplatz',
    distance: 1234,
    address: { street: 'Karl-Marx-Allee', streetNumber: '1', city: 'Berlin', postalCode: '10178' },
    connectors: { connector: [{ maxPowerLevel: 22 }, { maxPowerLevel: 150 }, { maxPowerLevel: 22 }] },
    position: { latitude: 52.52, longitude: 13.41 },
  };

  it('reads every item of an array at a `*`', () => {
    expect(valuesAt(station, 'connectors.connector.*.maxPowerLevel')).toEqual([22, 150, 22]);
    expect(valuesAt(station, 'address.nowhere.*')).toEqual([]);
  });

  it('lists them in order, joining paths and repeated values, with units, leaving out empty lines', () => {
    const fields = definedPopupFields(
      {
        popup: [
          { label: 'Address', path: ['address.street', 'address.streetNumber'] },
          { label: 'Distance', path: 'distance', unit: 'm' },
          { label: 'Power', path: 'connectors.connector.*.maxPowerLevel', unit: 'kW' },
          { label: 'Hours', path: 'openingHours' },
        ],
      },
      station,
    );
    expect(fields).toEqual([
      { name: 'Address', value: 'Karl-Marx-Allee 1' },
      { name: 'Distance', value: '1,234 m' },
      { name: 'Power', value: '22, 150 kW' },
    ]);
  });

  it('falls back to the first plain fields when the definition names none', () => {
    expect(recordPopupFields(undefined, station).map((field) => field.name)).toEqual([
      'name',
      'distance',
      'address.street',
      'address.streetNumber',
      'address.city',
    ]);
  });

  // Every lookup that opens on the map names its popup, and each line it names is found in its sample answer.
  const mapOperations = allLookups.flatMap((lookup) =>
    lookup.operations.filter((operation) => operation.defaultTab === 'map').map((operation) => ({ lookup, operation })),
  );
  it.each(mapOperations.map(({ lookup, operation }) => [`${lookup.id} ${operation.id}`, lookup, operation] as const))(
    '%s names popup lines its records hold',
    (_, lookup, operation) => {
      expect(operation.map?.popup.length).toBeGreaterThan(0);
      const records = samplesOf(lookup, operation).flatMap((body) => operation.adapters?.records?.(body) ?? []);
      expect(records.length).toBeGreaterThan(0);
      for (const field of operation.map!.popup) {
        const paths = typeof field.path === 'string' ? [field.path] : field.path;
        for (const path of paths)
          expect(
            records.some((record) => valuesAt(record, path).some((value) => value !== undefined)),
            `${field.label}: ${path}`,
          ).toBe(true);
      }
    },
  );
});
