import { useState } from 'react';
import { LookupHttpError } from '../api/lookup-response.ts';
import { applyViewChange, type ViewChange, type ViewState } from './view-state.ts';
import { OutOfDateMarker } from './out-of-date-marker.tsx';
import type { ResultViewerProps } from './viewer-props.ts';
import { AnswerView } from './answer-view.tsx';
import { describeError } from './describe-error.ts';
import { ErrorPanel } from './error-panel.tsx';
import { RequestView } from './request/request-view.tsx';
import { SummaryBar } from './summary-bar.tsx';
import './results.css';


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
