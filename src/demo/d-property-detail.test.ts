// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { propertyDetail, propertyDetailResponse } from '../lookups/d-property-detail.ts';
import { propertyDetailDemo } from './d-property-detail.ts';
import { demoAsker } from './testing/ask-demo.ts';

const operation = propertyDetail.operations[0];
const ask = demoAsker(propertyDetailDemo, propertyDetail).parsed;

describe('D property detail demo', () => {
  it('answers the example with one property that parses and has a point', () => {
    const answer = ask(operation.params.parse(operation.example));
    expect(answer.status).toBe(200);
    expect(propertyDetailResponse.safeParse(answer.body).success).toBe(true);
    const records = operation.adapters?.records?.(answer.body) ?? [];
    expect(records).toHaveLength(1);
    expect(operation.adapters?.success?.(answer.body).ok).toBe(true);
    expect(operation.adapters?.point?.(records[0])).toBeDefined();
  });

  it('gives the property of the record id asked for, the same bytes every time', () => {
    const first = JSON.stringify(ask({ recordid: 250000 }).body);
    expect(JSON.stringify(ask({ recordid: 250000 }).body)).toBe(first);
    expect(JSON.stringify(ask({ recordid: 250001 }).body)).not.toBe(first);
    const body = propertyDetailResponse.parse(ask({ recordid: 250000 }).body);
    expect(body.property[0]?.identifier).toMatchObject({ Id: 250000, recordId: 250000 });
    expect(body.status).toMatchObject({ code: 0, msg: 'SuccessWithResult', total: 1, page: 1 });
  });

  it('answers every accept value with the same JSON body', () => {
    expect(ask({ recordid: 300000, accept: 'application/xml' }).body).toEqual(ask({ recordid: 300000 }).body);
  });

  it('places each property inside the US with a coherent address', () => {
    for (let recordid = 100000; recordid < 100050; recordid++) {
      const property = propertyDetailResponse.parse(ask({ recordid }).body).property[0]!;
      const point = operation.adapters!.point!(property)!;
      expect(point.lat).toBeGreaterThan(24);
      expect(point.lat).toBeLessThan(49);
      expect(point.lon).toBeGreaterThan(-125);
      expect(point.lon).toBeLessThan(-66);
      expect(property.address.oneLine).toBe(`${property.address.line1}, ${property.address.line2}`);
      expect(property.building.rooms.bathsfull).toBeLessThanOrEqual(Math.max(1, property.building.rooms.beds));
    }
  });

  it('answers an unknown record id with HTTP 400, SuccessWithoutResult and no property', () => {
    for (const recordid of [1, 99999, 1_000_000_000]) {
      const answer = ask({ recordid });
      expect(answer.status).toBe(400);
      const body = propertyDetailResponse.parse(answer.body);
      expect(body.property).toEqual([]);
      expect(body.status).toMatchObject({ msg: 'SuccessWithoutResult', total: 0 });
      expect(body.status.code).not.toBe(0);
      expect(operation.adapters?.success?.(answer.body)).toEqual({ ok: false, message: 'SuccessWithoutResult' });
    }
  });
});
