import { useState } from 'react';
import type { LookupResponse } from '../api/lookup-response.ts';
import type { ResultTab } from '../lookups/define-lookup.ts';
import type { ResultViewerProps } from './result-viewer.tsx';
import type { TabSpec } from './result-tabs.tsx';
import { ResultTabs } from './result-tabs.tsx';
import { describeBodyFailure, describeMalformed } from './describe-error.ts';
import { exportStem } from './download.ts';
import { ErrorPanel } from './error-panel.tsx';
import { PagingBar } from './paging-bar.tsx';
import { RawTab } from './raw-tab.tsx';
import { RequestView } from './request/request-view.tsx';
import { SchemaCheck } from './schema-check.tsx';
import { SummaryBar } from './summary-bar.tsx';
import { RecordTable } from './table/record-table.tsx';
import { JsonTree } from './tree/json-tree.tsx';
import { useViewerData } from './use-viewer-data.ts';

interface AnswerViewProps extends ResultViewerProps {
  response: LookupResponse;
  pickedTab: ResultTab | undefined;
  onPickTab: (tab: ResultTab) => void;
}

/** An answer that arrived (2xx): its verdict, schema check, paging and the tabs over one (masked) body. */
export function AnswerView(props: AnswerViewProps) {
  const { lookup, operation, params, response, isFetching, masked, pickedTab, onPickTab } = props;
  const data = useViewerData(lookup, operation, params, response, masked);
  const [selection, setSelection] = useState<{ of: LookupResponse; index: number | undefined }>({ of: response, index: undefined });
  const selectedIndex = selection.of === response ? selection.index : undefined;
  const onSelect = (index: number | undefined) => setSelection({ of: response, index });
  const shared = { lookup, operation, params, records: data.records, masked, selectedIndex, onSelect };
  const fileStem = exportStem(lookup.slug, operation.id);

  const own = props.renderOwnView?.({ ...shared, body: data.body });
  const map = props.renderMap?.({ ...shared, onOpenTable: (index) => (onSelect(index), onPickTab('table')) });
  const tabs: TabSpec[] = [
    ...(own != null ? [{ id: 'own', label: 'Overview', render: () => own } as const] : []),
    ...(map != null ? [{ id: 'map', label: 'Map', render: () => map } as const] : []),
    { id: 'table', label: 'Table', render: () => <RecordTable records={data.records} selectedIndex={selectedIndex} onSelect={onSelect} fileStem={fileStem} /> },
    { id: 'tree', label: 'Tree', render: () => <JsonTree value={data.body} /> },
    {
      id: 'raw',
      label: 'Raw',
      render: () => <RawTab response={response} body={data.body} masking={data.masking} format={operation.format} fileStem={fileStem} />,
    },
    { id: 'request', label: 'Request', render: () => <RequestView lookup={lookup} operation={operation} params={params} response={response} /> },
  ];
  const available = (tab: ResultTab | undefined) => tabs.some((spec) => spec.id === tab);
  const fallback: ResultTab = available(operation.defaultTab) ? operation.defaultTab! : own != null ? 'own' : 'table';
  const active = pickedTab && available(pickedTab) ? pickedTab : fallback;
  const failure = response.parseError !== undefined ? describeMalformed(response) : data.verdict && !data.verdict.ok ? describeBodyFailure(response, data.verdict) : undefined;

  return (
    <>
      <SummaryBar response={response} isFetching={isFetching} verdict={data.verdict} />
      {failure && <ErrorPanel report={failure} onRetry={props.onRetry} />}
      {data.masking && <p className="mask-note">Personal data is masked in every view, export and copy.</p>}
      {!failure && response.body !== undefined && <SchemaCheck schema={operation.response} body={response.body} />}
      {data.paging && <PagingBar info={data.paging} onNavigate={props.onNavigate} disabled={isFetching} />}
      <ResultTabs tabs={tabs} active={active} onChange={onPickTab} resetKey={response} />
    </>
  );
}
