import { describe, expect, it } from 'vitest';
import { lookups } from '../../lookups/registry.ts';
import { pointTargets, recordTargets } from './dossier-plan.ts';
import { DEFAULT_WINDOW, readDossierUrl } from './dossier-url.ts';

const property = { identifier: { recordId: 7 }, address: { postal1: '94103' }, location: { latitude: '37.77', longitude: '-122.42' } };

describe('the dossier plan', () => {
  it("runs G, H, L, M and B from a property, at the dossier's radius", () => {
    const targets = recordTargets('D', lookups.D.operations[0], property, 800);
    expect(targets.map(({ link }) => link.to)).toEqual(['G', 'H', 'L', 'M', 'B']);
    expect(targets[2]!.values).toMatchObject({ lat: '37.77', lon: '-122.42', distance: '800m' });
    expect(targets[4]!.values).toEqual({ prox: '37.77,-122.42,800' });
  });

  it('runs each point lookup once around a bare point', () => {
    const targets = pointTargets({ lat: 40.7, lon: -74 }, 500);
    expect(targets.map(({ link }) => link.to).sort()).toEqual(['B', 'L', 'M']);
    expect(targets.find(({ link }) => link.to === 'M')!.values).toMatchObject({ lat: '40.7', lon: '-74', distance: '500m' });
  });
});

describe('the dossier URL', () => {
  it('reads a record anchor, a point anchor and the radius', () => {
    expect(readDossierUrl('?from=d&recordid=5')).toEqual({ kind: 'record', from: 'd', radius: 1609, window: DEFAULT_WINDOW });
    expect(readDossierUrl('?lat=40.7&lon=-74&radius=500')).toEqual({
      kind: 'point',
      lat: 40.7,
      lon: -74,
      radius: 500,
      window: DEFAULT_WINDOW,
    });
  });

  it('says what is wrong instead of running anything', () => {
    expect(readDossierUrl('')).toMatchObject({ kind: 'invalid' });
    expect(readDossierUrl('?lat=91&lon=0')).toEqual({ kind: 'invalid', problems: ['lat must be a number from -90 to 90'] });
    expect(readDossierUrl('?from=dd')).toMatchObject({ kind: 'invalid' });
    expect(readDossierUrl('?lat=1&lon=2&radius=0')).toMatchObject({
      kind: 'invalid',
      problems: ['radius must be a number from 1 to 20000'],
    });
  });
});
