import { describe, expect, it } from 'vitest';
import { chargingStations } from '../../lookups/b-charging-stations.ts';
import { allLookups } from '../../lookups/registry.ts';
import { PLACE_DOSSIER, promptMessages } from './prompts.ts';
import { toolName } from './tool-catalog.ts';

describe('the place dossier prompt', () => {
  const text = promptMessages(allLookups, PLACE_DOSSIER, { latitude: '37.77', longitude: '-122.42' })![0]!.content.text;
  const named = [...text.matchAll(/`(lookup_[a-z0-9_]+)`/g)].map((match) => match[1]);

  it('asks for one tool of each lookup that searches around a point, never the same data twice', () => {
    const searching = allLookups.filter((lookup) => lookup.operations.some((operation) => operation.locationSearch));
    expect(named).toHaveLength(searching.length);
    expect(new Set(named.map((name) => name!.split('_')[1])).size).toBe(named.length);
  });

  it('asks for B’s JSON tool and not its XML one (the same stations)', () => {
    const [json, xml] = chargingStations.operations;
    expect(named).toContain(toolName(chargingStations, json));
    expect(named).not.toContain(toolName(chargingStations, xml));
  });
});
