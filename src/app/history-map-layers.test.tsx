// The extra layers a map link names (`layers=`): a shared snapshot (`team:<id>`) opens from the team
// server for anyone; an id only the sender's browser knows is said to be unshared, not dropped.
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEAM_ITEMS_PATH, type TeamItem } from '../lookups/team-wire.ts';
import type { MapSlotProps } from '../results/slots.ts';
import { HistoryLayersMap, UNSHARED_LAYER } from './history-map-layers.tsx';

const snapshot: TeamItem = {
  id: 'snap-0001',
  kind: 'snapshot',
  visibility: 'team',
  title: 'L. Crime incidents · 1 mi around 37.77, -122.42',
  owner: 'alice',
  version: 1,
  createdAt: '2026-12-05T10:00:00.000Z',
  updatedAt: '2026-12-05T10:00:00.000Z',
  bytes: 100,
  body: {
    lookupId: 'L',
    operationId: 'incidents',
    title: 'L. Crime incidents',
    masked: true,
    params: {},
    search: '',
    records: [{ incident_id: 'a' }, { incident_id: 'b' }],
  },
};

function mapProps(layers: string[]): MapSlotProps {
  return {
    analysis: { look: { layers }, onLookChange: () => undefined },
  } as unknown as MapSlotProps;
}

function renderLayers(layers: string[]) {
  render(
    <HistoryLayersMap props={mapProps(layers)} masked>
      {(shown) => (
        <ul>
          {shown.analysis?.extraLayers?.map((layer) => (
            <li key={layer.id}>
              layer {layer.title}: {layer.records.length} records
            </li>
          ))}
          {shown.analysis?.layerNotices?.map((notice) => (
            <li key={notice.id}>
              notice {notice.id}: {notice.message}
            </li>
          ))}
        </ul>
      )}
    </HistoryLayersMap>,
  );
}

describe('the layers a map link names', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws a shared snapshot from the team server, saying whose it is', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === `${TEAM_ITEMS_PATH}/snap-0001`
        ? new Response(JSON.stringify(snapshot), { headers: { 'content-type': 'application/json' } })
        : new Response(null, { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderLayers(['team:snap-0001']);
    expect(
      await screen.findByText('layer L. Crime incidents · 1 mi around 37.77, -122.42 (shared by alice): 2 records'),
    ).toBeInTheDocument();
  });

  it("says a layer from another browser's History was not shared instead of dropping it", async () => {
    renderLayers(['not-in-this-browser']);
    expect(await screen.findByText(`notice not-in-this-browser: ${UNSHARED_LAYER}`)).toBeInTheDocument();
  });

  it('says why a shared layer cannot be opened', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { message: 'no' } }), { status: 404, headers: { 'content-type': 'application/json' } }),
      ),
    );
    renderLayers(['team:gone-0001']);
    expect(
      await screen.findByText(/notice team:gone-0001: The shared layer could not be opened: This item is not on the server/),
    ).toBeInTheDocument();
  });
});
