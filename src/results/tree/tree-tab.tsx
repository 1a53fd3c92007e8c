// The Tree tab: the Query and Find boxes over the tree; a result opens its place in the tree.
import { useMemo, useState } from 'react';
import type { LookupResponse } from '../../api/lookup-response.ts';
import type { BodyFormat } from '../../lookups/define-lookup.ts';
import { exampleQuery } from '../document/example-query.ts';
import { QueryPanel, QUERY_PLACEHOLDER } from '../document/query-panel.tsx';
import { useAnswerDocument } from '../document/shared-document.ts';
import { JsonTree, type TreeTarget } from './json-tree.tsx';

interface TreeTabProps {
  response: LookupResponse;
  /** The body every view uses (masked when masking applies). */
  body: unknown;
  format: BodyFormat;
}

/**
 * The answer's own text when it is exactly the body shown (a JSON answer, not masked on the page):
 * then a worker gets it as it arrived and nothing is stringified. Otherwise (masked here, XML) the
 * document is the body shown, so no unmasked value ever reaches the worker.
 */
export function ownTextOf(response: LookupResponse, body: unknown, format: BodyFormat): string | undefined {
  // A download stopped part-way holds part of the text: then the body shown is stringified.
  const whole = (response as { stoppedAfter?: number }).stoppedAfter === undefined;
  return format === 'json' && body === response.body && response.parseError === undefined && whole ? response.text : undefined;
}

export function TreeTab({ response, body, format }: TreeTabProps) {
  if (body === undefined) return <JsonTree value={undefined} />;
  return <QueryableTree response={response} body={body} format={format} />;
}

function QueryableTree({ response, body, format }: TreeTabProps) {
  const shared = useAnswerDocument(body, ownTextOf(response, body, format), response.text.length);
  const [target, setTarget] = useState<TreeTarget>();
  const example = useMemo(() => exampleQuery(body), [body]);
  return (
    <>
      {/* A new body (another answer, or masking switched on here) starts the boxes afresh: no result of another body stays listed. */}
      <QueryPanel
        key={shared.id}
        shared={shared}
        placeholder={example ? `e.g. ${example}` : QUERY_PLACEHOLDER}
        onJump={(match) => setTarget({ path: match.path, seq: (target?.seq ?? 0) + 1 })}
      />
      <JsonTree value={body} target={target} />
    </>
  );
}
