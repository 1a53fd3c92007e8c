import { useEffect, useMemo, useState } from 'react';
import type { LookupResponse } from '../api/lookup-response.ts';
import { useWindowSplit } from '../api/split-windows.ts';
import { describeMergedPages, useFetchAllPages } from '../api/fetch-all-pages.ts';
import type { ResultTab } from '../lookups/define-lookup.ts';
import { describeQuery } from '../lookups/describe-query.ts';
import { paramWidgets } from '../lookups/param.ts';
import type { ResultViewerProps } from './viewer-props.ts';
import { tableViewOf, type ViewChange, type ViewState } from './view-state.ts';
import type { TabSpec } from './result-tabs.tsx';
import { ResultTabs } from './result-tabs.tsx';
import { describeBodyFailure, describeMalformed } from './describe-error.ts';
import { exportStem } from './download.ts';
import { ErrorPanel } from './error-panel.tsx';
import { PagingBar } from './paging-bar.tsx';
import { PartialNotice } from './all-pages.tsx';
import { RawTab } from './raw-tab.tsx';
import { RequestView } from './request/request-view.tsx';
import { SchemaCheck } from './schema-check.tsx';
import { SummaryBar } from './summary-bar.tsx';
import { RecordTable } from './table/record-table.tsx';
import { TreeTab } from './tree/tree-tab.tsx';
import { useAnswer } from './use-answer.ts';
import { useMapAnalysis } from './use-map-analysis.ts';
import { RecordActionsContext } from './record-actions.tsx';
import { noteCurrentAnswer } from './current-answers.ts';

interface AnswerViewProps extends ResultViewerProps {
  response: LookupResponse;
  view: ViewState;
  onViewChange: (change: ViewChange) => void;
}

/** An answer that arrived (2xx): its verdict, schema check, paging and the tabs over one (masked) body. */
export function AnswerView(props: AnswerViewProps) {
  const { lookup, operation, params, response: sent, isFetching, masked, view, onViewChange } = props;
  // A cut answer (M) can be completed by a window split, a paged one by fetching all its pages; the
  // merged answer then stands in for the sent one everywhere below, read by the same interpreter.
  const split = useWindowSplit(lookup, operation, params, sent);
  const allPages = useFetchAllPages(lookup, operation, params, sent);
  const response = split.merged ?? allPages.merged ?? sent;
  const mergedPages = allPages.state.status === 'done' ? describeMergedPages(allPages.state.outcome) : undefined;
  const onPickTab = (tab: ResultTab) => onViewChange({ tab });
  const answer = useAnswer(lookup, operation, params, response, masked);
  // A lookup page's answer (the one viewer that offers SQL) is a /sql table, History or not.
  const offersSql = props.renderSql !== undefined;
  const unmasked = !answer.masked && (lookup.personalData?.length ?? 0) > 0;
  useEffect(() => {
    if (offersSql && answer.records.length > 0)
      noteCurrentAnswer({
        lookupId: lookup.id,
        lookupTitle: lookup.title,
        query: describeQuery(lookup.id, paramWidgets(operation.params), params),
        records: answer.records,
        unmasked,
        shownAt: Date.now(),
      });
  }, [offersSql, lookup.id, lookup.title, operation.params, params, answer.records, unmasked]);
  const [selection, setSelection] = useState<{ of: LookupResponse; index: number | undefined }>({ of: response, index: undefined });
  // The table's filters narrow the map and the exports too. A selection is an index into the
  // answer's records everywhere (the table's "#", the own view); one the filters hide is no selection.
  // The map's time window and drawn area narrow them the same way (use-map-analysis.ts).
  const analysis = useMapAnalysis({ operation, records: answer.records, view, onViewChange, demo: response.source === 'demo' });
  const filtered = analysis.shown;
  const shownRecords = useMemo(
    () => (filtered ? filtered.map((index) => answer.records[index]) : answer.records),
    [filtered, answer.records],
  );
  const shownSet = useMemo(() => (filtered ? new Set(filtered) : undefined), [filtered]);
  const chosen = selection.of === response ? selection.index : undefined;
  const selectedIndex = chosen !== undefined && shownSet && !shownSet.has(chosen) ? undefined : chosen;
  const onSelect = (index: number | undefined) => setSelection({ of: response, index });
  const shared = { lookup, operation, params, selectedIndex, onSelect };
  const fileStem = exportStem(lookup.slug, operation.id);

  // Where a view reads one page of a paged answer, it says so loudly, with a way to fetch every page (decision 028).
  const partOf = (reader: string) => (
    <PartialNotice
      reader={reader}
      jump={allPages.merged ? undefined : answer.paging?.pages}
      records={answer.records.length}
      control={allPages}
    />
  );

  const own = props.renderOwnView?.({ ...shared, answer });
  // The map is given every record and which are shown: its clusters are built once per answer.
  const map = props.renderMap?.({
    ...shared,
    records: answer.records,
    shown: filtered,
    masked: answer.masked,
    analysis: analysis.mapAnalysis,
    onOpenTable: (index) => (onSelect(index), onPickTab('table')),
  });
  const tabs: TabSpec[] = [
    ...(own != null ? [{ id: 'own', label: 'Overview', render: () => own } as const] : []),
    ...(map != null
      ? [
          {
            id: 'map',
            label: 'Map',
            render: () => (
              <>
                {partOf('The map, its count and its time histogram show')}
                {map}
              </>
            ),
          } as const,
        ]
      : []),
    {
      id: 'table',
      label: 'Table',
      render: () => (
        <RecordTable
          records={answer.records}
          selectedIndex={selectedIndex}
          onSelect={onSelect}
          fileStem={fileStem}
          view={tableViewOf(view)}
          onViewChange={onViewChange}
          scope={analysis.tableScope}
        />
      ),
    },
    ...(props.renderSql
      ? [
          {
            id: 'sql',
            label: 'SQL',
            render: () =>
              props.renderSql!({
                records: answer.records,
                unmasked: !answer.masked && (lookup.personalData?.length ?? 0) > 0,
                maskingOn: masked,
                sql: view.sql,
                onSqlChange: (sql: string) => onViewChange({ sql }),
                fileStem,
                partial: partOf('The table answer holds'),
                // The result's rows on the answer's map: its own points, the operation's popups left out (other columns).
                renderMap: props.renderMap
                  ? (rows, point) =>
                      props.renderMap!({
                        lookup,
                        operation: {
                          ...operation,
                          id: `${operation.id}-sql`,
                          adapters: { ...operation.adapters, point, label: undefined },
                          map: undefined,
                        },
                        params,
                        records: rows,
                        masked: answer.masked,
                        selectedIndex: undefined,
                        onSelect: () => undefined,
                        onOpenTable: () => undefined,
                      })
                  : undefined,
              }),
          } as const,
        ]
      : []),
    { id: 'tree', label: 'Tree', render: () => <TreeTab response={response} body={answer.body} format={operation.format} /> },
    {
      id: 'raw',
      label: 'Raw',
      render: () => <RawTab response={response} body={answer.body} masking={answer.masked} format={operation.format} fileStem={fileStem} />,
    },
    {
      id: 'request',
      label: 'Request',
      render: () => <RequestView lookup={lookup} operation={operation} params={params} response={response} masked={masked} />,
    },
  ];
  const available = (tab: ResultTab | undefined) => tabs.some((spec) => spec.id === tab);
  // A big answer read as a stream stays on the table its records arrived in.
  const fallback: ResultTab = response.streamed
    ? 'table'
    : available(operation.defaultTab)
      ? operation.defaultTab!
      : own != null
        ? 'own'
        : 'table';
  const active = view.tab && available(view.tab) ? view.tab : fallback;
  const failure =
    answer.parseError !== undefined
      ? describeMalformed(response)
      : answer.verdict?.ok === false
        ? describeBodyFailure(response, answer.errorMessage)
        : undefined;

  return (
    <>
      <SummaryBar
        response={response}
        isFetching={isFetching}
        verdict={answer.verdict}
        onFetchFresh={props.onFetchFresh}
        merged={mergedPages}
      />
      {failure && <ErrorPanel report={failure} onRetry={props.onRetry} />}
      {answer.masked && <p className="mask-note">Personal data is masked in every view, export and copy.</p>}
      {!failure && answer.body !== undefined && <SchemaCheck answer={answer} />}
      {answer.paging && (
        <PagingBar info={answer.paging} onNavigate={props.onNavigate} disabled={isFetching} split={split} allPages={allPages} />
      )}
      {!failure && props.renderAnswerActions?.({ records: shownRecords, response, answer })}
      <RecordActionsContext value={props.renderRecordActions}>
        <ResultTabs tabs={tabs} active={active} onChange={onPickTab} resetKey={response} />
      </RecordActionsContext>
    </>
  );
}
