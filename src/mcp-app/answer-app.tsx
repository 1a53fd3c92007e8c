// One tool answer in an assistant's frame, with the page's own components: the map (clusters, the
// legend of its colour column, the search circle; the table's filters narrow it, as on the page)
// above the table, or the table alone; and a link to the same query on the lookup's page. The map
// draws on the plain background and country outline the page's map shows without tiles: the frame
// may reach no network.
import { useMemo, useState } from 'react';
import { OfflineOnlyContext } from '../map/offline-only.ts';
import ResultsMap from '../map/results-map.tsx';
import { plural } from '../lookups/adapters.ts';
import { RecordTable } from '../results/table-component.ts';
import { useMapAnalysis } from '../results/use-map-analysis.ts';
import { applyViewChange, tableViewOf, type ViewChange, type ViewState } from '../results/view-state.ts';
import { lookupPageUrl, type AppAnswer } from './tool-call.ts';

export type AppView = 'map' | 'table';

interface AnswerAppProps {
  answer: AppAnswer;
  view: AppView;
  /** The app's origin, for the link; undefined: the server did not say, no link. */
  origin: string | undefined;
  /** Asks the host to open the link (a sandboxed frame cannot navigate its host). */
  onOpenLink: (url: string) => void;
}

function windowWords({ offset, returned, total }: AppAnswer['window']): string {
  if (returned === total) return plural(total, 'record');
  return `records ${offset + 1}–${offset + returned} of ${total.toLocaleString('en-US')}`;
}

export function AnswerApp({ answer, view: kind, origin, onOpenLink }: AnswerAppProps) {
  const { lookup, operation, params, records, masked } = answer;
  const [view, setView] = useState<ViewState>({});
  const onViewChange = (change: ViewChange) => setView((current) => applyViewChange(current, change));
  const [selectedIndex, setSelectedIndex] = useState<number>();
  const analysis = useMapAnalysis({ operation, records, view, onViewChange, demo: false });
  const pageUrl = useMemo(() => (origin ? lookupPageUrl(origin, answer) : undefined), [origin, answer]);
  const showMap = kind === 'map' && operation.adapters?.point !== undefined;

  return (
    <main className="mcp-app">
      <header className="mcp-app__header">
        <h1>
          {lookup.id}. {lookup.title}
          {lookup.operations.length > 1 && ` (${operation.label})`}
        </h1>
        <p className="mcp-app__facts">
          {windowWords(answer.window)}
          {answer.source === 'demo' && ', demo data'}
          {masked && ', personal data masked'}
        </p>
        {pageUrl && (
          <a
            className="mcp-app__open"
            href={pageUrl}
            target="_blank"
            rel="noreferrer"
            onClick={(event) => {
              event.preventDefault();
              onOpenLink(pageUrl);
            }}
          >
            Open in Lookup Explorer
          </a>
        )}
      </header>
      {showMap && (
        <OfflineOnlyContext value={true}>
          <ResultsMap
            lookup={lookup}
            operation={operation}
            params={params}
            records={records}
            shown={analysis.shown}
            masked={masked}
            selectedIndex={selectedIndex}
            onSelect={setSelectedIndex}
            onOpenTable={setSelectedIndex}
            analysis={analysis.mapAnalysis}
          />
        </OfflineOnlyContext>
      )}
      <RecordTable
        records={records}
        selectedIndex={selectedIndex}
        onSelect={setSelectedIndex}
        fileStem={`${lookup.slug}-${operation.id}`}
        view={tableViewOf(view)}
        onViewChange={onViewChange}
        scope={analysis.tableScope}
      />
    </main>
  );
}
