import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Operation } from './define-lookup.ts';
import { chargingStations } from './b-charging-stations.ts';
import { chargingStationsSample } from './testing/samples/b-charging-stations.sample.ts';
import { fromXml, toXml } from './xml.ts';

const xmlOperation = chargingStations.operations[1];

function withStations(count: number) {
  const station = chargingStationsSample.evStations.evStation[0]!;
  return {
    ...chargingStationsSample,
    count,
    evStations: { evStation: Array.from({ length: count }, (_, index) => ({ ...station, id: `deu-${index}` })) },
  };
}

describe('XML bodies', () => {
  it('wraps the content in the operation root element with repeated elements for arrays', () => {
    const xml = toXml(withStations(2), xmlOperation);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<evStationsResponse>')).toBe(true);
    expect(xml.match(/<evStation>/g)).toHaveLength(2);
    expect(xml).toContain('<postalCode>10117</postalCode>');
  });

  it('round-trips a body with every field, restoring numbers, booleans, strings and one-element arrays', () => {
    const body = chargingStationsSample;
    const back = fromXml(toXml(body, xmlOperation), xmlOperation);
    expect(back).toEqual(body);
    const station = (back as typeof body).evStations.evStation[0]!;
    expect(station.address.postalCode).toBe('10117');
    expect(station.distance).toBe(1234);
    expect(station.connectors.connector[0]!.fixedCable).toBe(true);
    expect(station.contacts.phone).toHaveLength(1);
  });

  it('round-trips empty and several-element arrays', () => {
    for (const count of [0, 3]) {
      const body = withStations(count);
      expect(fromXml(toXml(body, xmlOperation), xmlOperation)).toEqual(body);
    }
  });

  it('keeps numeric-looking strings as strings and escapes markup characters', () => {
    const body = structuredClone(chargingStationsSample);
    const station = body.evStations.evStation[0]!;
    station.address.streetNumber = '007';
    station.name = 'Café <Nord> & "Süd"';
    station.evStationDetails.notes = '';
    expect(fromXml(toXml(body, xmlOperation), xmlOperation)).toEqual(body);
  });

  it('keeps unknown elements as text and restores nulls', () => {
    const operation = {
      ...xmlOperation,
      response: z.looseObject({ note: z.string().nullable(), values: z.array(z.array(z.number())) }),
    } as Operation;
    const body = { note: null, values: [[1, 2], [3]], extra: 'kept' };
    expect(fromXml(toXml(body, operation), operation)).toEqual(body);
  });

  it('throws a readable error on malformed XML', () => {
    expect(() => fromXml('<evStationsResponse><count>1</evStationsResponse>', xmlOperation)).toThrow(
      /^Malformed XML at line 1, column \d+: .*count/,
    );
    expect(() => fromXml('not xml at all <', xmlOperation)).toThrow(/Malformed XML/);
  });

  it('refuses a document with another root element', () => {
    expect(() => fromXml('<error><message>Unauthorized</message></error>', xmlOperation)).toThrow(
      'Unexpected XML document element <error>; expected <evStationsResponse>',
    );
  });
});
