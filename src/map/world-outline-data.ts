// Natural Earth's 1:110m countries as GeoJSON. Bundled, so orientation survives without tiles;
// loaded as its own chunk only when tiles fail, keeping it off the map's critical path.
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';

const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;

export const worldOutline = feature(topology, topology.objects.countries) as FeatureCollection;
