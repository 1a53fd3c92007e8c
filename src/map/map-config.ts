// Base map tiles from the server's /map-config.json, fetched once per page; OpenStreetMap's
// standard tiles when the server says nothing usable.
import { useEffect, useState } from 'react';
import { z } from 'zod';

const mapConfigSchema = z.object({
  tileUrl: z.string().min(1),
  tileAttribution: z.string(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;

export const DEFAULT_MAP_CONFIG: MapConfig = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

let pending: Promise<MapConfig> | undefined;

export function loadMapConfig(fetcher: typeof fetch = fetch): Promise<MapConfig> {
  pending ??= fetcher('/map-config.json')
    .then((response) => (response.ok ? response.json() : undefined))
    .then((json: unknown) => mapConfigSchema.safeParse(json).data ?? DEFAULT_MAP_CONFIG)
    .catch(() => DEFAULT_MAP_CONFIG);
  return pending;
}

/** Forgets the cached configuration (tests). */
export function resetMapConfig(): void {
  pending = undefined;
}

/** The configuration, or undefined until it has arrived (tiles wait; the map does not); never fetched when not `wanted`. */
export function useMapConfig(wanted = true): MapConfig | undefined {
  const [config, setConfig] = useState<MapConfig>();
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadMapConfig().then((loaded) => live && setConfig(loaded));
    return () => {
      live = false;
    };
  }, [wanted]);
  return config;
}
