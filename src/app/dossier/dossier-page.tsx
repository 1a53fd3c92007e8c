// /dossier: one page that runs every linked lookup around one place. `?from=d&recordid=…` runs the
// record's lookup first and takes the place, zip code and record id from its first record;
// `?lat=…&lon=…&radius=…` starts from a point. One map shows each lookup as a layer; each section
// summarises its answer and holds its table. The URL reproduces the dossier.
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { AnyLookup, AnyOperation, GeoPoint } from '../../lookups/define-lookup.ts';
import { lookupBySlug } from '../../lookups/registry.ts';
import { readUrlQuery } from '../../form/url-state.ts';
import { QueryScope } from '../query-scope.tsx';
import { usePreferences } from '../preferences.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { DossierSection, type SectionResult } from './dossier-section.tsx';
import { pointTargets, recordTargets, targetSections, type DossierTarget } from './dossier-plan.ts';
import { readDossierUrl, windowDays } from './dossier-url.ts';
import { DossierWindowForm } from './dossier-window.tsx';
import { DossierServerRun } from './dossier-server-run.tsx';
import { withWindow } from '../../lookups/follow-link.ts';
import { LINK_WINDOW_PARAMS } from '../../lookups/links.ts';
import { layerColor } from './layer-colors.ts';
import { dossierLayers } from './dossier-layers.ts';
import { EvidenceActions } from './evidence-actions.tsx';
import { SaveToTeamButton } from '../../workbench/team/save-to-team-button.tsx';
import './dossier.css';

// Leaflet is its own chunk, fetched with the map.
const LayeredMap = lazy(() => import('../../map/layered-map.tsx'));

export function DossierPage() {
  return (
    <QueryScope>
      <Dossier />
    </QueryScope>
  );
}

function Dossier() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const anchor = readDossierUrl(search);
  useDocumentTitle('Place dossier');
  const { masked } = usePreferences();
  const [results, setResults] = useState<Readonly<Record<string, SectionResult>>>({});
  const onResult = useCallback(
    (result: SectionResult) =>
      setResults((current) =>
        current[result.lookup.id]?.response === result.response ? current : { ...current, [result.lookup.id]: result },
      ),
    [],
  );

  const source = anchor.kind === 'record' ? lookupBySlug(anchor.from) : undefined;
  const sourceOperation = source?.operations[0];
  const sourceValues = useMemo(() => (source ? readUrlQuery(source, search).values : {}), [source, search]);
  const sourceRecord = source ? results[source.id]?.answer.records[0] : undefined;
  const place: GeoPoint | undefined = useMemo(() => {
    if (anchor.kind === 'point') return { lat: anchor.lat, lon: anchor.lon };
    try {
      return sourceRecord !== undefined ? sourceOperation?.adapters?.point?.(sourceRecord) : undefined;
    } catch {
      return undefined;
    }
  }, [anchor, sourceRecord, sourceOperation]);
  // A record's place is its own position as the answer gives it: rounded when the answer is masked.
  const placeRounded = anchor.kind === 'record' && source !== undefined && results[source.id]?.answer.masked === true;
  const radius = anchor.kind === 'invalid' ? undefined : anchor.radius;
  const targets: DossierTarget[] = useMemo(() => {
    const planned =
      anchor.kind === 'point'
        ? pointTargets({ lat: anchor.lat, lon: anchor.lon }, anchor.radius)
        : anchor.kind === 'record' && source && sourceOperation && sourceRecord !== undefined
          ? recordTargets(source.id, sourceOperation, sourceRecord, anchor.radius)
          : [];
    // The links fill the spec's examples' week; the dossier asks for its own window.
    return anchor.kind === 'invalid' ? planned : planned.map((target) => ({ ...target, values: withWindow(target.values, anchor.window) }));
  }, [anchor, source, sourceOperation, sourceRecord]);
  const timed = targets.some(({ values }) => LINK_WINDOW_PARAMS.from in values);
  const applyWindow = (days: { since: string; until: string }) => {
    const query = new URLSearchParams(search);
    query.set('since', days.since);
    query.set('until', days.until);
    void navigate({ search: `?${query}` });
  };

  if (anchor.kind === 'invalid')
    return (
      <div className="dossier-page">
        <h1>Place dossier</h1>
        <p role="alert">This dossier link cannot be read: {anchor.problems.join('; ')}.</p>
        <p>
          Open one from a property (for example <code>/dossier?from=d&amp;recordid=184713191</code>) or a point (
          <code>/dossier?lat=37.7749&amp;lon=-122.4194&amp;radius=1609</code>).
        </p>
      </div>
    );
  if (anchor.kind === 'record' && (!source || !sourceOperation)) return <p role="alert">No lookup has the letter “{anchor.from}”.</p>;

  const sections: { lookup: AnyLookup; operation: AnyOperation; values: Record<string, string>; reason: string }[] = [
    ...(source && sourceOperation
      ? [{ lookup: source, operation: sourceOperation, values: sourceValues, reason: 'The record this dossier is about' }]
      : []),
    ...targetSections(targets),
  ];
  const shown = sections.flatMap(({ lookup }) => (results[lookup.id] ? [results[lookup.id]!] : []));
  const cover = [
    {
      term: 'Subject',
      value:
        anchor.kind === 'record' && source
          ? `${source.id}. ${source.title} (${Object.entries(sourceValues)
              .map(([name, value]) => `${name} ${value}`)
              .join(', ')})`
          : 'A point',
    },
    ...(timed
      ? [{ term: 'Time window', value: `${windowDays(anchor.window).since} to ${windowDays(anchor.window).until}, both days included` }]
      : []),
  ];
  const dossierTitle = `Dossier around ${anchor.kind === 'record' && source ? `${source.id} ${Object.values(sourceValues).join(' ')}` : place ? `${place.lat.toFixed(4)}, ${place.lon.toFixed(4)}` : 'a place'}`;
  const layers = dossierLayers(shown, (id) => layerColor(sections.findIndex((section) => section.lookup.id === id)));

  return (
    <div className="dossier-page">
      <p>
        <Link to="/">← Catalog</Link>
      </p>
      <h1>Place dossier</h1>
      <p className="lede">
        {anchor.kind === 'record' && source
          ? `Around ${source.id}. ${source.title} (${Object.entries(sourceValues)
              .map(([name, value]) => `${name} ${value}`)
              .join(', ')})`
          : 'Around a point'}
        {place
          ? `, at ${place.lat.toFixed(4)}, ${place.lon.toFixed(4)}${placeRounded ? ' (a rounded position: masking moves it up to about 1 km, so distances are approximate)' : ''}`
          : ''}
        {radius ? `, within ${Math.round(radius).toLocaleString('en-US')} m` : ''}
        {timed ? `, from ${windowDays(anchor.window).since} to ${windowDays(anchor.window).until}` : ''}. This page’s address reproduces it.
      </p>
      {timed && <DossierWindowForm key={`${anchor.window.from}/${anchor.window.to}`} window={anchor.window} onApply={applyWindow} />}
      <EvidenceActions
        results={shown}
        layers={layers}
        place={place}
        placeRounded={placeRounded}
        radiusMetres={radius}
        title="Place dossier"
        cover={cover}
      />
      <SaveToTeamButton kind="dossier" body={() => ({ search })} suggestedTitle={dossierTitle} />
      <DossierServerRun
        queries={sections}
        title={dossierTitle}
        path={`/dossier${search}`}
        masked={masked}
        ready={anchor.kind === 'point' || (source !== undefined && results[source.id] !== undefined)}
      />
      <Suspense fallback={<p role="status">Loading map…</p>}>
        <LayeredMap
          label="Dossier map"
          center={place}
          radiusMetres={radius}
          layers={layers}
          demo={shown.length > 0 && shown.every((answer) => answer.response.source === 'demo')}
          sheet={{ title: 'Place dossier', name: `dossier-map-${new Date().toISOString().slice(0, 10)}`, masked }}
        />
      </Suspense>
      {sections.map((section, index) => (
        <DossierSection
          key={section.lookup.id}
          lookup={section.lookup}
          operation={section.operation}
          values={section.values}
          reason={section.reason}
          place={place}
          placeRounded={placeRounded}
          masked={masked}
          color={layerColor(index)}
          onResult={onResult}
        />
      ))}
      {anchor.kind === 'record' && source && results[source.id] && targets.length === 0 && (
        <p>The record holds nothing another lookup can be asked with.</p>
      )}
    </div>
  );
}
