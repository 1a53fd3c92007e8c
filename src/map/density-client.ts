// One density worker per map: it holds the points and answers heat grids and hexagon bins for the
// view. Where workers do not exist (component tests' DOM) the same functions run on this thread:
// the heat grid's from density.ts, which the density layer loads anyway, the hexagons' loaded
// lazily so h3-js stays in its own chunk either way.
import { heatGrid, type HeatGrid, type HeatRequest } from './density.ts';
import type { HexBin } from './hexbins.ts';

export type DensityRequest =
  | { kind: 'points'; key: number; lats: Float64Array; lons: Float64Array }
  | { kind: 'heat'; key: number; id: number; view: Omit<HeatRequest, 'lats' | 'lons'> }
  | { kind: 'hex'; key: number; id: number; resolution: number };

export type DensityReply = { kind: 'heat'; id: number; grid: HeatGrid } | { kind: 'hex'; id: number; bins: HexBin[] };

export interface DensityClient {
  heat(view: Omit<HeatRequest, 'lats' | 'lons'>): Promise<HeatGrid>;
  hex(resolution: number): Promise<HexBin[]>;
  close(): void;
}

let nextKey = 1;

export function densityClient(lats: Float64Array, lons: Float64Array): DensityClient {
  if (typeof Worker === 'undefined') {
    return {
      heat: async (view) => heatGrid({ ...view, lats, lons }),
      hex: async (resolution) => (await import('./hexbins.ts')).hexBins(lats, lons, resolution),
      close: () => undefined,
    };
  }
  const worker = new Worker(new URL('./density-worker.ts', import.meta.url), { type: 'module', name: 'map-density' });
  const key = nextKey++;
  let nextId = 1;
  const waiting = new Map<number, (reply: DensityReply) => void>();
  worker.addEventListener('message', (event: MessageEvent<DensityReply>) => {
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  });
  worker.postMessage({ kind: 'points', key, lats, lons } satisfies DensityRequest);
  const ask = (request: DensityRequest & { id: number }) =>
    new Promise<DensityReply>((resolve) => {
      waiting.set(request.id, resolve);
      worker.postMessage(request);
    });
  return {
    heat: async (view) => {
      const reply = await ask({ kind: 'heat', key, id: nextId++, view });
      return (reply as Extract<DensityReply, { kind: 'heat' }>).grid;
    },
    hex: async (resolution) => {
      const reply = await ask({ kind: 'hex', key, id: nextId++, resolution });
      return (reply as Extract<DensityReply, { kind: 'hex' }>).bins;
    },
    close: () => worker.terminate(),
  };
}
