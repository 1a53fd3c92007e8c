import { useEffect, useMemo, useState } from 'react';
import type { LookupResponse } from '../api/lookup-response.ts';
import type { BodyFormat } from '../lookups/define-lookup.ts';
import { exampleQuery } from './document/example-query.ts';
import { prettyText, type PrettyText } from './document/pretty-lines.ts';
import { QueryPanel, QUERY_PLACEHOLDER } from './document/query-panel.tsx';
import { useAnswerDocument } from './document/shared-document.ts';
import { RawView, type LineTarget } from './raw/raw-view.tsx';
import { ownTextOf } from './tree/tree-tab.tsx';

interface RawTabProps {
  response: LookupResponse;
  /** The body every view uses (masked when masking applies). */
  body: unknown;
  masking: boolean;
  format: BodyFormat;
  fileStem: string;
}

/** Chooses the text the Raw tab shows: pretty JSON (with the Query and Find boxes), the XML as received, or masked JSON. */
export function RawTab({ response, body, masking, format, fileStem }: RawTabProps) {
  if (body !== undefined && (masking || format === 'json')) {
    const note = masking
      ? format === 'xml'
        ? 'Personal data is masked, so the body is shown as JSON rather than the XML received.'
        : 'Personal data is masked.'
      : undefined;
    return <PrettyRaw response={response} body={body} format={format} note={note} fileName={`${fileStem}.json`} />;
  }
  const xml = format === 'xml';
  const note = response.parseError
    ? 'The body could not be parsed; this is the text as received.'
    : body !== undefined
      ? 'Query and Find search the parsed body: they are on the Tree tab.'
      : undefined;
  return (
    <RawView
      text={response.text}
      note={note}
      fileName={`${fileStem}.${xml ? 'xml' : 'txt'}`}
      mimeType={xml ? 'application/xml' : 'text/plain'}
    />
  );
}

interface PrettyRawProps {
  response: LookupResponse;
  body: unknown;
  format: BodyFormat;
  note: string | undefined;
  fileName: string;
}

/**
 * The body as pretty JSON. A small body is laid out here; a large one's text and line index come
 * from the document worker, so 100 MB is never stringified or split on the page. A result of the
 * boxes scrolls to its line.
 */
function PrettyRaw({ response, body, format, note, fileName }: PrettyRawProps) {
  const shared = useAnswerDocument(body, ownTextOf(response, body, format), response.text.length);
  const { offThread } = shared.document;
  const here = useMemo(() => (offThread ? undefined : prettyText(body)), [offThread, body]);
  const [made, setMade] = useState<{ of: unknown; pretty?: PrettyText; error?: string }>();
  useEffect(() => {
    if (!offThread) return;
    let live = true;
    shared.document.pretty().then(
      (pretty) => live && setMade({ of: body, pretty }),
      (error: unknown) => live && setMade({ of: body, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [offThread, shared, body]);
  const [jump, setJump] = useState<{ of: unknown; target: LineTarget }>();
  const target = jump && jump.of === body ? jump.target : undefined;
  const example = useMemo(() => exampleQuery(body), [body]);
  const fromWorker = made?.of === body ? made : undefined;
  const pretty = here ?? fromWorker?.pretty;

  return (
    <>
      <QueryPanel
        key={shared.id}
        shared={shared}
        placeholder={example ? `e.g. ${example}` : QUERY_PLACEHOLDER}
        onJump={(match) =>
          void shared.document.lineOf(match.path).then((line) => {
            if (line !== undefined) setJump((previous) => ({ of: body, target: { line, seq: (previous?.target.seq ?? 0) + 1 } }));
          })
        }
      />
      {pretty ? (
        <RawView
          text={pretty.text}
          lineStarts={pretty.lineStarts}
          bytes={pretty.bytes}
          note={note}
          fileName={fileName}
          mimeType="application/json"
          target={target}
        />
      ) : (
        <p className="raw-note" role="status">
          {fromWorker?.error ?? 'Laying out the text…'}
        </p>
      )}
    </>
  );
}
