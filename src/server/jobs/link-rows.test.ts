// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lookups, registryIndex } from '../../lookups/registry.ts';
import { planLink, rowsFromAnswer } from './link-rows.ts';

const all = Object.values(lookups);
const byId = (id: string) => all.find((lookup) => lookup.id === id)!;
const offenders = byId('H');
const incidents = byId('L');
const target = { lookup: incidents, operation: incidents.operations[0]! };

function offender(zipcode: string, lat: string, lon: string) {
  return { sex_offender_zipcode: zipcode, sex_offender_lat: lat, sex_offender_lon: lon, sex_offender_name: 'Pat Doe' };
}

describe('a job from a link to an answer', () => {
  it('finds the link from the source operation to the target, and checks the source query', () => {
    const plan = planLink(registryIndex, target, { lookup: 'H', operation: 'records', params: { zipcode: '62701' } });
    expect(plan.ok && plan.link.label).toBe('Crime incidents near this address');
    const bad = planLink(registryIndex, target, { lookup: 'H', operation: 'records', params: { zipcode: 'abc' } });
    expect(bad).toMatchObject({ ok: false, message: expect.stringMatching(/^The source query is not valid: zipcode/) });
    const none = planLink(
      registryIndex,
      { lookup: offenders, operation: offenders.operations[0]! },
      { lookup: 'H', operation: 'records', params: { zipcode: '62701' } },
    );
    expect(none).toMatchObject({ ok: false, message: 'No link leads from H records to H records' });
  });

  it('makes one row of the target per record the link can follow, each once', () => {
    const plan = planLink(registryIndex, target, { lookup: 'H', operation: 'records', params: { zipcode: '62701' } });
    if (!plan.ok) throw new Error(plan.message);
    const body = {
      sex_offenders_count: 4,
      sex_offenders: [
        offender('62701', '39.78', '-89.65'),
        offender('62702', '39.8', '-89.6'),
        offender('62701', '39.78', '-89.65'),
        offender('62703', '', ''),
      ],
    };
    const rows = rowsFromAnswer(plan.link, plan.source.operation, target.operation, body);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => [row.lat, row.lon])).toEqual([
      [39.78, -89.65],
      [39.8, -89.6],
    ]);
    for (const row of rows) expect(target.operation.params.safeParse(row).success).toBe(true);
  });
});
