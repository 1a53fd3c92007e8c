import { useState } from 'react';
import type { ReactNode } from 'react';
import type { LookupResponse } from '../api/lookup-response.ts';
import { LookupHttpError } from '../api/lookup-response.ts';
import type { LookupDefinition, Operation, Params, ResultTab } from '../lookups/define-lookup.ts';
import type { MapSlotProps, OwnViewProps } from './slots.ts';
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
  renderMap?: (props: MapSlotProps) => ReactNode | undefined;
  renderOwnView?: (props: OwnViewProps) => ReactNode | undefined;
  masked: boolean;
}

/** Everything about one answer: summary, errors, schema check, paging and the result tabs. */
export function ResultViewer(props: ResultViewerProps) {
  const { lookup, operation, params, response, error, isFetching, onRetry } = props;
  // The tab the user picked survives new pages of the same operation.
  const [picked, setPicked] = useState<{ operation: string; tab: ResultTab } | undefined>(undefined);
  const pickedTab = picked?.operation === operation.id ? picked.tab : undefined;
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
        <AnswerView {...props} response={response} pickedTab={pickedTab} onPickTab={(tab) => setPicked({ operation: operation.id, tab })} />
      ) : (
        <SummaryBar response={undefined} isFetching={isFetching} verdict={undefined} />
      )}
    </div>
  );
}
