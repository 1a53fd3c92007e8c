// The tile configuration is fetched for a map that may use the network, and never for one that may
// not (an MCP App's frame, map/offline-only.ts): there, no request at all.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAP_CONFIG, resetMapConfig, useMapConfig } from './map-config.ts';

function Probe({ wanted }: { wanted: boolean }) {
  const config = useMapConfig(wanted);
  return <p data-testid="config">{config ? config.tileUrl : 'none'}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetMapConfig();
});

describe('useMapConfig', () => {
  it('fetches the configuration for a map that may use the network', async () => {
    const fetcher = vi.fn(() => Promise.resolve(new Response('{}', { status: 404 })));
    vi.stubGlobal('fetch', fetcher);
    render(<Probe wanted />);
    await waitFor(() => expect(screen.getByTestId('config')).toHaveTextContent(DEFAULT_MAP_CONFIG.tileUrl));
    expect(fetcher).toHaveBeenCalledWith('/map-config.json');
  });

  it('asks nothing for an offline-only map', async () => {
    const fetcher = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetcher);
    render(<Probe wanted={false} />);
    // A map that wanted it would have its answer by now (the test above).
    await Promise.resolve();
    expect(screen.getByTestId('config')).toHaveTextContent('none');
    expect(fetcher).not.toHaveBeenCalled();
  });
});
