// The evidence pack of one answer on the lookup page: the same pack as the dossier's (one offline
// HTML file, and the ZIP of the answer's bytes with its provenance), for this answer alone.
import { useMemo } from 'react';
import type { AnyLookup, AnyOperation, Params } from '../lookups/define-lookup.ts';
import type { Answer } from '../lookups/answer.ts';
import type { LookupResponse } from '../api/lookup-response.ts';
import { EvidenceActions } from './dossier/evidence-actions.tsx';
import { dossierLayers } from './dossier/dossier-layers.ts';
import { layerColor } from './dossier/layer-colors.ts';

interface AnswerEvidenceProps {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  response: LookupResponse;
  answer: Answer;
}

const firstSeen = new WeakMap<LookupResponse, number>();

/** When the answer arrived: its `Date` header (the server's clock), else when this page first saw it. */
function receivedAt(response: LookupResponse): number {
  const header = response.headers.find(([name]) => name.toLowerCase() === 'date')?.[1];
  const date = header ? Date.parse(header) : Number.NaN;
  if (Number.isFinite(date)) return date;
  if (!firstSeen.has(response)) firstSeen.set(response, Date.now());
  return firstSeen.get(response)!;
}

export function AnswerEvidence({ lookup, operation, params, response, answer }: AnswerEvidenceProps) {
  const fetchedAt = receivedAt(response);
  const results = useMemo(
    () => [{ lookup, operation, params, response, answer, fetchedAt }],
    [lookup, operation, params, response, answer, fetchedAt],
  );
  const layers = useMemo(() => dossierLayers(results, () => layerColor(0)), [results]);
  return (
    <EvidenceActions results={results} layers={layers} place={undefined} radiusMetres={undefined} title={`${lookup.id}. ${lookup.title}`} />
  );
}
