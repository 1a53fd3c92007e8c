import { useState } from 'react';
import { provideAnswerStreamer } from '../api/answer-stream.ts';
import { useLiveAnswer } from '../api/lookup-query.ts';
import { LookupHttpError } from '../api/lookup-response.ts';
import { applyViewChange, type ViewChange, type ViewState } from './view-state.ts';
import { OutOfDateMarker } from './out-of-date-marker.tsx';
import type { ResultViewerProps } from './viewer-props.ts';
import { AnswerView } from './answer-view.tsx';
import { describeError } from './describe-error.ts';
import { ErrorPanel } from './error-panel.tsx';
import { RequestView } from './request/request-view.tsx';
import { SummaryBar } from './summary-bar.tsx';
import { exportStem } from './download.ts';
import { answerStreamer } from './stream/stream-client.ts';
import { StreamingAnswer } from './stream/streaming-answer.tsx';
import './results.css';

// Big answers are read off the page's thread and shown as they arrive, once the viewer is here.
provideAnswerStreamer(answerStreamer);

/** Everything about one answer: summary, errors, schema check, paging and the result tabs. */
export function ResultViewer(props: ResultViewerProps) {
  const { lookup, operation, params, response, error, isFetching, onRetry } = props;
  // Without a caller's view, the one picked here survives new pages of the same operation.
  const [local, setLocal] = useState<{ operation: string; view: ViewState }>({ operation: operation.id, view: {} });
  const localView = local.operation === operation.id ? local.view : {};
  const view = props.view ?? localView;
  const onViewChange =
    props.onViewChange ?? ((change: ViewChange) => setLocal({ operation: operation.id, view: applyViewChange(localView, change) }));
  const failedResponse = error instanceof LookupHttpError ? error.response : undefined;
  // A big answer arriving: its records so far, in place of the previous answer.
  const live = useLiveAnswer(lookup, operation, params, { mask: props.masked });

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
      ) : live && isFetching ? (
        <StreamingAnswer live={live} fileStem={exportStem(lookup.slug, operation.id)} view={view} onViewChange={onViewChange} />
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
