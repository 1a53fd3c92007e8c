// Draws the clusters and points in view, imperatively: React reconciling thousands of layers on
// every pan would be the bottleneck, so one Leaflet layer group is redrawn on `moveend` instead.
// Bubbles that would overlap are drawn as one (declutter.ts); coloured points make each bubble a
// pie of its colours. The cluster tree lives in a worker (cluster-client.ts) and is built once per
// set of points: what is kept (time window, area, filters) and the colours are sent as a filter.
// A new filter, colours or sizes keep the last frame drawn until the new one lands, and each
// frame's canvas renderer leaves the map with it.
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import type { MappedPoint } from './points.ts';
import type { VisibleItem } from './cluster-tree.ts';
import { CLUSTER_MAX_ZOOM } from './cluster-zoom.ts';
import { clusterWorker } from './cluster-client.ts';
import { declutter, type DisplayItem } from './declutter.ts';
import { MASKED_COORDINATE_STEP, roundingCell } from './approximate.ts';
import { countSpot, groupCells, type MaskedCell } from './masked-cells.ts';
import { readColor } from './theme-colors.ts';

/** Clusters drawn as pies of the points' colours. */
export interface ClusterPies {
  /** Each record's colour slot (by record index), below `count`. */
  slots: Uint8Array;
  count: number;
  colorOf: (slot: number) => string;
  /** What a slot stands for, in a bubble's title ("40 Assault"). */
  labelOf: (slot: number) => string;
}

interface ClusterLayerProps {
  /** Every point of the answer (the tree is built once for them). */
  points: readonly MappedPoint[];
  /** 1 for each record (by index) shown; undefined: every one. */
  keep?: Uint8Array | undefined;
  pies?: ClusterPies | undefined;
  onPointClick: (index: number) => void;
  /** Some positions were rounded (masked): each on the rounding grid is drawn as the cell it stands for, with its count, once that is big enough to hold it. */
  rounded?: boolean;
  /** A point's fill by its record index (the legend's colour); the theme's accent when undefined. */
  colorOf?: ((index: number) => string) | undefined;
  /** A point's radius in pixels by its record index (the size column). */
  radiusOf?: ((index: number) => number) | undefined;
}

/** A single point's radius in pixels. */
const POINT_RADIUS = 6;
/** A rounding cell narrower than this on screen is clustered as a point instead: it must hold its count's bubble. */
const MIN_CELL_PX = 48;

/** A bubble's diameter from its count, the same for drawing and for keeping bubbles apart. */
export function clusterDiameter(count: number): number {
  return count < 100 ? 32 : count < 1000 ? 40 : 48;
}

/** The pie's conic gradient: each slot's share of the bubble, in the legend's order (most frequent first). */
export function pieGradient(slices: readonly number[], colorOf: (slot: number) => string): string {
  const total = slices.reduce((sum, count) => sum + count, 0);
  let from = 0;
  const stops = slices.flatMap((count, slot) => {
    if (count === 0 || total === 0) return [];
    const to = from + (count / total) * 100;
    const stop = `${colorOf(slot)} ${from.toFixed(2)}% ${to.toFixed(2)}%`;
    from = to;
    return [stop];
  });
  return `conic-gradient(${stops.join(', ')})`;
}

/** "120 records: 40 Assault, 30 Fraud, 20 Other; zoom in". */
function bubbleTitle(count: number, slices: readonly number[] | undefined, pies: ClusterPies | undefined): string {
  if (!slices || !pies) return `${count} records, zoom in`;
  const largest = slices
    .map((share, slot) => ({ share, slot }))
    .filter(({ share }) => share > 0)
    .sort((a, b) => b.share - a.share)
    .slice(0, 3);
  return `${count} records: ${largest.map(({ share, slot }) => `${share} ${pies.labelOf(slot)}`).join(', ')}; zoom in`;
}

function clusterIcon(count: number, slices: readonly number[] | undefined, pies: ClusterPies | undefined): L.DivIcon {
  const size = count < 100 ? 'small' : count < 1000 ? 'medium' : 'large';
  const text = count < 10_000 ? String(count) : `${Math.round(count / 1000)}k`;
  const px = clusterDiameter(count);
  if (!slices || !pies)
    return L.divIcon({ html: `<span>${text}</span>`, className: `map-cluster map-cluster--${size}`, iconSize: [px, px] });
  // Built as elements and styled through the DOM: the page's CSP allows no inline style attributes.
  const pie = document.createElement('span');
  pie.className = 'map-cluster__pie';
  pie.style.background = pieGradient(slices, pies.colorOf);
  // What the PNG export draws the pie from (png-export.ts).
  pie.dataset.pie = slices.flatMap((share, slot) => (share > 0 ? [`${pies.colorOf(slot)} ${share}`] : [])).join(';');
  const label = document.createElement('span');
  label.className = 'map-cluster__count';
  label.textContent = text;
  pie.append(label);
  return L.divIcon({ html: pie, className: `map-cluster map-cluster--pie map-cluster--${size}`, iconSize: [px, px] });
}

export function ClusterLayer({ points, keep, pies, onPointClick, rounded = false, colorOf, radiusOf }: ClusterLayerProps) {
  const map = useMap();
  const [worker] = useState(clusterWorker);
  useEffect(() => () => worker.close(), [worker]);
  const client = useMemo(() => worker.load(points), [worker, points]);
  const clickPoint = useEffectEvent(onPointClick);
  // Frames of earlier inputs, still drawn until the next frame lands (then removed).
  const retired = useRef<Array<() => void>>([]);

  useEffect(() => {
    const group = L.layerGroup();
    // One canvas for every point: far cheaper than a DOM element per marker.
    const renderer = L.canvas({ padding: 0.5 });
    // The renderer goes with its group: left on the map, it would stack one stale canvas per
    // rebuild, each still redrawn on every move.
    const removeFrame = () => {
      group.remove();
      renderer.remove();
    };
    const frames = retired.current;
    let latest = 0;
    let landed = false;
    const accent = readColor('--accent', '#1f56b3');
    const surface = readColor('--surface', '#ffffff');

    // Layers stay while their bubble, point or cell stays in view: a pan then touches only what
    // entered or left the view instead of rebuilding every marker (cluster ids are per zoom).
    const shown = new Map<string, L.Layer>();
    const bubble = (item: Extract<DisplayItem, { kind: 'cluster' }>): L.Layer => {
      const marker = L.marker([item.lat, item.lon], {
        icon: clusterIcon(item.count, item.slices, pies),
        title: bubbleTitle(item.count, item.slices, pies),
        alt: `${item.count} records`,
      });
      // A bubble of several clusters zooms one step, which sets them apart; a single one zooms to where it splits.
      const clusterId = item.clusterId;
      return marker.on('click', () => {
        if (clusterId === undefined)
          map.flyTo([item.lat, item.lon], Math.min(Math.floor(map.getZoom()) + 1, CLUSTER_MAX_ZOOM + 1), { duration: 0.4 });
        else void client.expansionZoom(clusterId).then((zoom) => map.flyTo([item.lat, item.lon], zoom, { duration: 0.4 }));
      });
    };
    const dot = (item: Extract<DisplayItem, { kind: 'point' }>): L.Layer =>
      L.circleMarker([item.lat, item.lon], {
        renderer,
        radius: radiusOf?.(item.index) ?? POINT_RADIUS,
        weight: 2,
        color: surface,
        fillColor: colorOf?.(item.index) ?? accent,
        fillOpacity: 0.9,
      }).on('click', () => clickPoint(item.index));
    // One cell per rounded position however many records share it, shaded deeper for more, its
    // count in a bubble like a cluster's; either click opens the first record's popup, which counts the others.
    const cell = (shared: MaskedCell, spot: [number, number]): L.Layer => {
      const open = () => clickPoint(shared.first);
      const area = L.rectangle(roundingCell(shared), {
        renderer,
        weight: 1,
        color: accent,
        fillColor: accent,
        fillOpacity: Math.min(0.15 + 0.05 * (shared.count - 1), 0.45),
      }).on('click', open);
      const title = `${bubbleTitle(shared.count, shared.slices, pies).replace(/; zoom in$/, '')} in this cell of about 1 km`;
      const count = L.marker(spot, { icon: clusterIcon(shared.count, shared.slices, pies), title, alt: `${shared.count} records` }).on(
        'click',
        open,
      );
      return L.layerGroup([area, count]);
    };

    client.filter({ keep, slots: pies?.slots, slotCount: pies?.count });
    const draw = () => {
      const ask = ++latest;
      const bounds = map.getBounds();
      // Zoomed in on a masked answer, every rounded record is drawn in its cell: ask for each point
      // (past the clustering zoom), with cells whose centre is just out of view but that reach into it.
      const centre = map.getCenter();
      const cellPx = map.latLngToContainerPoint([centre.lat, centre.lng + MASKED_COORDINATE_STEP]).x - map.latLngToContainerPoint(centre).x;
      const cellsVisible = rounded && cellPx >= MIN_CELL_PX;
      const pad = cellsVisible ? MASKED_COORDINATE_STEP / 2 : 0;
      const bbox: [number, number, number, number] = [
        bounds.getWest() - pad,
        bounds.getSouth() - pad,
        bounds.getEast() + pad,
        bounds.getNorth() + pad,
      ];
      void client.clusters(bbox, cellsVisible ? CLUSTER_MAX_ZOOM + 1 : map.getZoom()).then((items) => {
        if (ask === latest) drawItems(items, cellsVisible);
      });
    };
    const drawItems = (visible: VisibleItem[], cellsVisible: boolean) => {
      if (!landed) {
        landed = true;
        group.addTo(map);
        for (const remove of frames.splice(0)) remove();
      }
      const slotOf = pies ? (index: number) => pies.slots[index] ?? pies.count - 1 : undefined;
      const { cells, rest: items } = cellsVisible ? groupCells(visible, slotOf, pies?.count) : { cells: [], rest: visible };
      const display = declutter(items, {
        project: (lat, lon) => map.latLngToContainerPoint([lat, lon]),
        diameterOf: clusterDiameter,
        pointRadius: POINT_RADIUS,
        slotOf,
      });
      const wanted = new Map<string, () => L.Layer>();
      for (const item of display) {
        if (item.kind === 'cluster') wanted.set(item.key, () => bubble(item));
        else wanted.set(`p${item.index}`, () => dot(item));
      }
      const bounds = map.getBounds();
      const view: [[number, number], [number, number]] = [
        [bounds.getSouth(), bounds.getWest()],
        [bounds.getNorth(), bounds.getEast()],
      ];
      for (const shared of cells) {
        const spot = countSpot(shared, view);
        wanted.set(`a${shared.lat},${shared.lon}#${shared.count}@${spot.join(',')}#${shared.slices?.join(',') ?? ''}`, () =>
          cell(shared, spot),
        );
      }
      for (const [key, layer] of shown) {
        if (wanted.has(key)) continue;
        group.removeLayer(layer);
        shown.delete(key);
      }
      for (const [key, make] of wanted) {
        if (shown.has(key)) continue;
        shown.set(key, make().addTo(group));
      }
      // How many frames landed: the benchmark and tests wait on it.
      const container = map.getContainer();
      container.dataset.clusterFrames = String(Number(container.dataset.clusterFrames ?? 0) + 1);
    };

    draw();
    map.on('moveend', draw);
    return () => {
      latest = -1;
      map.off('moveend', draw);
      if (landed) frames.push(removeFrame);
      else removeFrame();
    };
  }, [map, client, keep, pies, rounded, colorOf, radiusOf]);
  // Declared after the drawing effect, so on unmount it runs after it and removes every frame left.
  useEffect(() => {
    const frames = retired.current;
    return () => {
      for (const remove of frames.splice(0)) remove();
    };
  }, [map]);

  return null;
}
