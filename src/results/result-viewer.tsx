import { useState } from 'react';
import type { ReactNode } from 'react';
import type { LookupResponse } from '../api/lookup-response.ts';
import { LookupHttpError } from '../api/lookup-response.ts';
import type { LookupDefinition, Operation, Params } from '../lookups/define-lookup.ts';
import type { MapSlotProps, OwnViewProps } from './slots.ts';
import { applyViewChange, type ViewChange, type ViewState } from './view-state.ts';
import { type OutOfDate, OutOfDateMarker } from './out-of-date-marker.tsx';
import { AnswerView } from './answer-view.tsx';
import { describeError } from './describe-error.ts';
import { ErrorPanel } from './error-panel.tsx';
import { RequestView } from './request/request-view.tsx';
import { SummaryBar } from './summary-bar.tsx';
import './results.css';

export interface ResultViewerProps {
  lookup: LookupDefinition;
  operation: Operation;
  /** The parameters that were sent. */
  params: Params;
  /** Undefined while the first request runs and when `error` is set. */
  response: LookupResponse | undefined;
  error: unknown;
  isFetching: boolean;
  onNavigate: (params: Params) => void;
  onRetry: () => void;
  /** Asks again past the server's answer cache (offered on an answer that came from it). */
  onFetchFresh?: (() => void) | undefined;
  renderMap?: (props: MapSlotProps) => ReactNode | undefined;
  renderOwnView?: (props: OwnViewProps) => ReactNode | undefined;
  masked: boolean;
  /** How the answer is viewed (the page keeps it in the URL); the viewer keeps its own when not given. */
  view?: ViewState;
  onViewChange?: (change: ViewChange) => void;
  /** Set when the answer shown no longer answers the form: shows the out-of-date marker over it. */
  outOfDate?: OutOfDate;
}

/** Everything about one answer: summary, errors, schema check, paging and the result tabs. */
export function ResultViewer(props: ResultViewerProps) {
  const { lookup, operation, params, response, error, isFetching, onRetry } = props;
  // Without a caller's view, the one picked here survives new pages of the same operation.
  const [local, setLocal] = useState<{ operation: string; view: ViewState }>({ operation: operation.id, view: {} });
  const localView = local.operation === operation.id ? local.view : {};
  const view = props.view ?? localView;
  const onViewChange = props.onViewChange ?? ((change: ViewChange) => setLocal({ operation: operation.id, view: applyViewChange(localView, change) }));
  const failedResponse = error instanceof LookupHttpError ? error.response : undefined;

  return (
    <div className="result-viewer" aria-busy={isFetching}>
      {error ? (
        <>
          <SummaryBar response={failedResponse} isFetching={isFetching} verdict={undefined} />
          <ErrorPanel report={describeError(error, lookup, operation)} onRetry={onRetry} />
          <details className="failed-request">
            <summary>Request</summary>
            <RequestView lookup={lookup} operation={operation} params={params} response={failedResponse} />
          </details>
        </>
      ) : response ? (
        <>
          {props.outOfDate && <OutOfDateMarker outOfDate={props.outOfDate} />}
          <AnswerView {...props} response={response} view={view} onViewChange={onViewChange} />
        </>
      ) : (
        <SummaryBar response={undefined} isFetching={isFetching} verdict={undefined} />
      )}
    </div>
  );
}
