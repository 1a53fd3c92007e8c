// An answer snapshot (kind `snapshot`): the answer as the sender's page held it, already masked when
// masking applied, so a colleague sees exactly what was shown and nothing more. Two shapes share it:
// a whole answer (its response, which the lookup page's viewer shows read-only on /shared/<id>) and a
// map layer (its records, drawn where a map link names `team:<id>` in `layers=`).
import { z } from 'zod';
import type { LookupResponse } from '../../api/lookup-response.ts';
import type { Answer } from '../../lookups/answer.ts';
import type { Params } from '../../lookups/define-lookup.ts';
import { WIRE_HEADERS } from '../../lookups/wire.ts';

const responseSchema = z
  .object({
    url: z.string(),
    method: z.string(),
    status: z.number(),
    statusText: z.string(),
    headers: z.array(z.tuple([z.string(), z.string()])),
    source: z.string(),
    timeMs: z.number(),
    sizeBytes: z.number(),
    contentType: z.string(),
    text: z.string(),
    body: z.unknown(),
  })
  .loose();

export const snapshotBodySchema = z.object({
  lookupId: z.string().min(1),
  operationId: z.string().min(1),
  /** What the answer is, in words ("L. Crime incidents · lat=37.77 …"). */
  title: z.string(),
  /** Whether personal data was masked in what was shown (and so in what is kept). */
  masked: z.boolean(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.array(z.number())]).optional()),
  /** The lookup page's query string with its view (tab, filters, map look; local layers as `team:<id>`). */
  search: z.string(),
  /** A whole answer: the response as shown. */
  response: responseSchema.optional(),
  /** A map layer: its records as shown. */
  records: z.array(z.unknown()).optional(),
});
export type SnapshotBody = z.output<typeof snapshotBodySchema>;

/**
 * The response as the page showed it: a masked answer keeps its masked body (as JSON text too, so
 * the Raw tab and every copy hold no more than the table did) and says it was masked, so that the
 * viewer opening it neither masks it again nor calls it unmasked.
 */
export function shownResponse(response: LookupResponse, answer: Pick<Answer, 'body' | 'masked'>): LookupResponse {
  if (!answer.masked) return response;
  const text = JSON.stringify(answer.body, null, 2);
  const headers = response.headers.filter(([name]) => name.toLowerCase() !== WIRE_HEADERS.masked);
  return {
    ...response,
    body: answer.body,
    text,
    contentType: 'application/json',
    sizeBytes: new TextEncoder().encode(text).length,
    headers: [...headers, [WIRE_HEADERS.masked, 'true']],
  };
}

export interface AnswerSnapshotInput {
  lookupId: string;
  operationId: string;
  title: string;
  params: Params;
  search: string;
  response: LookupResponse;
  answer: Pick<Answer, 'body' | 'masked'>;
}

export function answerSnapshot(input: AnswerSnapshotInput): SnapshotBody {
  const { response, answer, params, ...rest } = input;
  return { ...rest, params: { ...params }, masked: answer.masked, response: { ...shownResponse(response, answer) } };
}

/** The snapshot's response as the viewer takes it (the schema checked its fields; the rest is kept as stored). */
export function snapshotResponse(body: SnapshotBody): LookupResponse | undefined {
  return body.response as LookupResponse | undefined;
}
