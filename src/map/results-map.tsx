// The viewer's Map tab: every record with coordinates, clustered, with the search circle, a popup
// per point, the selection shared with the table, and a GeoJSON export. Back on the tab for the
// same answer, the map opens where the user left it. Filters (the table's, the time window, the
// area, a legend click) narrow what is drawn without moving the map or rebuilding its clusters.
import { useCallback, useMemo, useRef, useState } from 'react';
import { Circle } from 'react-leaflet';
import type { ExtraMapLayer, MapSlotProps } from '../results/slots.ts';
import { plural } from '../lookups/adapters.ts';
import { APPROXIMATE_NOTE, onRoundingGrid, positionsMayBeRounded } from './approximate.ts';
import { BaseMap } from './base-map.tsx';
import { ClusterLayer, type ClusterPies } from './cluster-layer.tsx';
import { enclosingBounds } from './geo.ts';
import { downloadGeoJson, toFeatureCollection } from './geojson-export.ts';
import { mapSummary } from './map-summary.ts';
import { FitToBounds, PanToPoint, RememberView } from './map-view-effects.tsx';
import { MissingCoordinates } from './missing-coordinates.tsx';
import { PointPopup } from './point-popup.tsx';
import { extractPoints, pointWithIndex, recordLabel, sharingPosition } from './points.ts';
import { searchCircle, valuesFromCircle } from './search-circle.ts';
import { SelectedPoint } from './selected-point.tsx';
import { rememberedView } from './view-memory.ts';
import { AnalysisControls } from './analysis-controls.tsx';
import { slotColor } from './category-colors.ts';
import { LEGEND_SIZE } from '../results/map-legend.ts';
import { chosenColumn } from '../results/map-columns.ts';
import { DensityLayer } from './density-layer.tsx';
import { Legend } from './legend.tsx';
import { TimeHistogram } from './time-histogram.tsx';
import { sizeScale } from './size-scale.ts';
import { AddLayer } from './add-layer.tsx';
import { DemoStreets } from './demo-streets.tsx';
import { AreaDrawing, AreaTools, useDrawing } from './draw-area.tsx';
import { coveringCircle } from './area-shapes.ts';
import type L from 'leaflet';
import { captureMap } from './png-export.ts';
import { MapExportButtons } from './export/export-buttons.tsx';
import { MapHandle } from './export/map-handle.tsx';
import { metresPerPixel } from './export/mercator.ts';
import { resultsLegend, resultsSheetInfo } from './export/results-sheet.ts';
import { drawSheet } from './export/sheet.ts';
import { titleLines } from './export/sheet-layout.ts';
import { readColor } from './theme-colors.ts';
import { paramsToValues } from '../form/url-state.ts';
import { ExtraLayerLegends, ExtraLayerPoints, useShownLayers } from './extra-layers.tsx';

const NO_LAYERS: readonly ExtraMapLayer[] = [];

/** 1 for each record (by index) in `shown`. */
function keepMask(size: number, shown: readonly number[]): Uint8Array {
  const keep = new Uint8Array(size);
  for (const index of shown) keep[index] = 1;
  return keep;
}

export default function ResultsMap({
  lookup,
  operation,
  params,
  records,
  shown,
  masked,
  selectedIndex,
  onSelect,
  onOpenTable,
  analysis,
  onSearchValues,
}: MapSlotProps) {
  // Every record's point, read once per answer: a brush move or a filter only changes `keep`.
  const extraction = useMemo(() => extractPoints(operation, records), [operation, records]);
  const keep = useMemo(() => (shown ? keepMask(records.length, shown) : undefined), [records, shown]);
  const shownPoints = useMemo(
    () => (keep ? extraction.points.filter((point) => keep[point.index] === 1) : extraction.points),
    [extraction, keep],
  );
  const missing = useMemo(
    () => (keep ? extraction.missing.filter((record) => keep[record.index] === 1) : extraction.missing),
    [extraction, keep],
  );
  const points = extraction.points;
  const circle = useMemo(() => searchCircle(operation.locationSearch, params), [operation, params]);
  // The whole answer's extent: narrowing what is drawn does not move the map.
  const bounds = useMemo(() => enclosingBounds(points, circle), [points, circle]);
  // Looked up only for the selection and the popup: maps over 200,000 points would cost the first render.
  const pointAt = (index: number) => pointWithIndex(points, index);
  const [popupIndex, setPopupIndex] = useState<number>();
  const mayBeRounded = positionsMayBeRounded(lookup, masked);
  const anyRounded = useMemo(() => mayBeRounded && points.some((point) => onRoundingGrid(point)), [mayBeRounded, points]);
  // The same answer (same points, same circle) reopens where it was left; another is fitted afresh.
  const viewKey = `${lookup.id}/${operation.id}/${points.length}/${bounds ? bounds.flat().join(',') : ''}`;
  const [view] = useState(() => rememberedView(viewKey));

  const categories = analysis?.categories;
  const colorOf = useMemo(() => (categories ? (index: number) => slotColor(categories[index] ?? 255) : undefined), [categories]);
  const legendEntries = analysis?.legend?.entries;
  const pies = useMemo<ClusterPies | undefined>(
    () =>
      categories && legendEntries
        ? {
            slots: categories,
            count: LEGEND_SIZE + 1,
            colorOf: slotColor,
            labelOf: (slot) => (slot < legendEntries.length ? legendEntries[slot]!.key || '(empty)' : 'Other'),
          }
        : undefined,
    [categories, legendEntries],
  );
  const sizes = analysis?.sizes;
  const radiusOf = useMemo(() => (sizes ? sizeScale(sizes) : undefined), [sizes]);
  const layer = analysis?.look.layer ?? 'points';
  const extra = useShownLayers(analysis?.extraLayers ?? NO_LAYERS, analysis?.look.area);
  const [drawing, setDrawing] = useDrawing();
  const changeLook = analysis?.onLookChange;
  const onDrawn = useCallback(
    (corners: Array<[number, number]>) => {
      setDrawing(undefined);
      changeLook?.({ area: corners });
    },
    [changeLook, setDrawing],
  );
  const area = analysis?.look.area;
  // Searching by point and radius: send the circle that covers the shape; area= keeps only what is inside.
  const searchArea =
    area && operation.locationSearch && onSearchValues
      ? () => onSearchValues(valuesFromCircle(operation, paramsToValues(operation, params), coveringCircle(area)))
      : undefined;

  const selected = selectedIndex === undefined ? undefined : pointAt(selectedIndex);
  // A popup whose record a filter hides closes with it.
  const popupPoint = popupIndex === undefined || (keep && keep[popupIndex] !== 1) ? undefined : pointAt(popupIndex);
  const filteredFrom = shown ? records.length : undefined;
  const leaflet = useRef<L.Map>(undefined);
  // The sheet of the map as it is now: its picture, the query's facts, a legend of what is drawn.
  const exportSheet = async () => {
    const map = leaflet.current;
    if (!map) return undefined;
    const container = map.getContainer();
    const strokeOf = (selector: string) => {
      const path = container.querySelector(selector);
      return path ? getComputedStyle(path).stroke : undefined;
    };
    const circleColor = circle ? strokeOf('.map-search-circle') : undefined;
    const areaColor = area ? strokeOf('.map-area') : undefined;
    const info = resultsSheetInfo({
      lookup,
      operation,
      params,
      circle,
      area: area !== undefined,
      demo: analysis?.demo ?? false,
      masked,
      madeAt: new Date(),
    });
    const legend = resultsLegend({
      circle: circleColor ? { color: circleColor } : undefined,
      area: areaColor ? { color: areaColor } : undefined,
      records: { count: shownPoints.length, color: readColor('--accent', '#1f56b3'), legend: analysis?.legend, layer },
      layers: extra.shown
        .filter((shown) => shown.visible)
        .map((shown) => ({
          title: shown.layer.title,
          color: shown.color,
          count: extractPoints(shown.layer.operation, shown.layer.records).points.length,
        })),
    });
    return drawSheet(await captureMap(container), {
      lines: titleLines(info),
      legend,
      metresPerPixel: metresPerPixel(map.getCenter().lat, map.getZoom()),
    });
  };
  const openPopup = (index: number) => {
    onSelect(index);
    setPopupIndex(index);
  };

  return (
    <div className="results-map">
      <div className="map-toolbar">
        <p className="map-toolbar__count">{mapSummary(shownPoints.length, shown?.length ?? records.length, filteredFrom)}</p>
        <button
          type="button"
          disabled={shownPoints.length === 0}
          onClick={() =>
            downloadGeoJson(
              toFeatureCollection(shownPoints, records, shown),
              `${lookup.slug}-${operation.id}-points${shown ? '-filtered' : ''}`,
            )
          }
        >
          Export GeoJSON
        </button>
        <MapExportButtons
          drawSheet={exportSheet}
          name={`${lookup.slug}-${operation.id}-map`}
          title={`${lookup.id}. ${lookup.title}: map`}
        />
      </div>
      {analysis && (
        <AreaTools
          drawing={drawing}
          onDraw={setDrawing}
          area={area}
          onClear={() => analysis.onLookChange({ area: undefined })}
          onSearchArea={searchArea}
        />
      )}
      {analysis && (
        <AnalysisControls
          analysis={analysis}
          colorColumn={analysis.legend?.column}
          sizeColumn={radiusOf ? chosenColumn(analysis.look.size, operation.map?.sizeBy) : undefined}
        />
      )}
      <BaseMap
        label={`Map of ${plural(shownPoints.length, 'result')}`}
        bounds={bounds}
        view={view}
        caption={anyRounded ? <p className="map-caption__approximate">{APPROXIMATE_NOTE}</p> : undefined}
        offline={analysis?.demo ? <DemoStreets /> : undefined}
      >
        {circle && (
          <Circle
            center={[circle.lat, circle.lon]}
            radius={circle.radiusMetres}
            interactive={false}
            // A Leaflet option read once at creation: react-leaflet's pathOptions only restyle.
            className="map-search-circle"
            pathOptions={{ weight: 2, fillOpacity: 0.06 }}
          />
        )}
        {layer === 'points' ? (
          <ClusterLayer
            points={points}
            keep={keep}
            pies={pies}
            onPointClick={openPopup}
            rounded={anyRounded}
            colorOf={colorOf}
            radiusOf={radiusOf}
          />
        ) : (
          <DensityLayer points={shownPoints} kind={layer} />
        )}
        <ExtraLayerPoints shown={extra.shown} />
        {analysis && <AreaDrawing drawing={drawing} area={area} onDrawn={onDrawn} />}
        {selected && (
          <SelectedPoint
            point={selected}
            label={recordLabel(operation, records[selected.index], selected.index)}
            onClick={() => openPopup(selected.index)}
          />
        )}
        {popupPoint && (
          <PointPopup
            key={popupPoint.index}
            position={popupPoint}
            label={recordLabel(operation, records[popupPoint.index], popupPoint.index)}
            record={records[popupPoint.index]}
            presentation={operation.map}
            rounded={anyRounded && onRoundingGrid(popupPoint)}
            // Rounded positions stack records on one spot; the popup says how many share it.
            atPosition={sharingPosition(shownPoints, popupPoint)}
            onOpenTable={() => onOpenTable(popupPoint.index)}
            // Only this popup's own closing clears it, not its replacement by another.
            onClose={() => setPopupIndex((current) => (current === popupPoint.index ? undefined : current))}
          />
        )}
        <FitToBounds bounds={bounds} keepFirst={view !== undefined} />
        <RememberView viewKey={viewKey} />
        <MapHandle intoRef={leaflet} />
        <PanToPoint point={selected} keepFirst={view !== undefined} />
      </BaseMap>
      {analysis && (
        <div className="map-legends">
          {analysis.legend && <Legend legend={analysis.legend} onToggle={analysis.onToggleCategory} />}
          <ExtraLayerLegends shown={extra.shown} onToggleLayer={extra.toggleLayer} onToggleCategory={extra.toggleCategory} />
          <AddLayer analysis={analysis} />
        </div>
      )}
      {analysis?.times && (
        <TimeHistogram times={analysis.times} time={analysis.look.time} onChange={(time) => analysis.onLookChange({ time })} />
      )}
      <MissingCoordinates missing={missing} onOpenTable={onOpenTable} />
    </div>
  );
}
