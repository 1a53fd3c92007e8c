import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { interpretAnswer } from '../lookups/answer.ts';
import { recordsToCsv } from '../results/export/csv.ts';
import { recordsToJson } from '../results/export/json.ts';
import { peopleBody, peopleLookup, peopleOperation } from '../results/testing/fixtures.ts';
import { toFeatureCollection } from './geojson-export.ts';
import { extractPoints } from './points.ts';

describe('toFeatureCollection', () => {
  it('makes one feature per record in the records’ order, longitude first, unlocated ones with a null geometry', () => {
    const records = [
      { name: 'A', position: { latitude: 52.5, longitude: 13.4 } },
      { name: 'no place' },
      { name: 'C', position: { latitude: 48.8, longitude: 2.3 } },
    ];
    const collection = toFeatureCollection(
      [
        { index: 0, lat: 52.5, lon: 13.4 },
        { index: 2, lat: 48.8, lon: 2.3 },
      ],
      records,
    );
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(3);
    expect(collection.features[1]).toEqual({ type: 'Feature', id: 1, geometry: null, properties: { name: 'no place' } });
    expect(collection.features[2]).toEqual({
      type: 'Feature',
      id: 2,
      geometry: { type: 'Point', coordinates: [2.3, 48.8] },
      properties: { name: 'C', position: { latitude: 48.8, longitude: 2.3 } },
    });
  });

  it('keeps only the shown records of a filtered view, each with its position in the answer as its id', () => {
    const records = [{ name: 'A' }, { name: 'B' }, { name: 'C' }];
    const collection = toFeatureCollection([{ index: 2, lat: 1, lon: 2 }], records, [0, 2]);
    expect(collection.features.map((feature) => [feature.id, feature.properties.name, feature.geometry?.coordinates ?? null])).toEqual([
      [0, 'A', null],
      [2, 'C', [2, 1]],
    ]);
  });
});

describe('CSV, JSON and GeoJSON of one answer', () => {
  it('hold the same records: same count, same order, same values (the interpreter’s, masked when masking is on)', () => {
    const body = peopleBody(25);
    // Awkward records too: one without coordinates, one with a nested array.
    body.people.push({ ...body.people[0]!, id: 25, lat: Number.NaN, lon: Number.NaN });
    Object.assign(body.people[3]!, { tags: [{ k: 'a' }, { k: 'b' }] });
    const parsed = JSON.parse(JSON.stringify(body)) as typeof body;
    const response = { body: parsed, text: JSON.stringify(parsed) };
    for (const mask of [true, false]) {
      const answer = interpretAnswer(peopleLookup, peopleOperation, { city: 'Berlin' }, response, { mask });
      const records = answer.records as Array<Record<string, unknown>>;
      expect(records).toHaveLength(26);

      const csvRows = Papa.parse<Record<string, string>>(recordsToCsv(records, { bom: true }).replace(/^\uFEFF/, ''), {
        header: true,
        skipEmptyLines: true,
      }).data;
      const json = JSON.parse(recordsToJson(records)) as Array<Record<string, unknown>>;
      const geojson = JSON.parse(JSON.stringify(toFeatureCollection(extractPoints(peopleOperation, records).points, records))) as {
        features: Array<{ id: number; properties: Record<string, unknown>; geometry: unknown }>;
      };

      const ids = records.map((record) => String(record.id));
      expect(csvRows.map((row) => row.id)).toEqual(ids);
      expect(json.map((record) => String(record.id))).toEqual(ids);
      expect(geojson.features.map((feature) => String(feature.properties.id))).toEqual(ids);
      expect(geojson.features.map((feature) => feature.id)).toEqual(records.map((_, index) => index));

      // Same values: JSON and GeoJSON hold the records whole; CSV cells are their text.
      expect(json).toEqual(JSON.parse(JSON.stringify(records)));
      expect(geojson.features.map((feature) => feature.properties)).toEqual(json);
      csvRows.forEach((row, index) => {
        expect(row.name).toBe(records[index]!.name);
        expect(row.email).toBe(records[index]!.email);
      });
      expect(csvRows[3]!.tags).toBe('[{"k":"a"},{"k":"b"}]');
      expect(geojson.features[25]!.geometry).toBeNull();
    }
  });
});
