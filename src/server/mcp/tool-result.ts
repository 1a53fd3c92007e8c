// The proxy's answer → a tool result: the records the answer interpreter reads (the same ones the
// page's table and map show, masked as the proxy sent them) as structured content, a window of
// them only (result_offset/result_limit, and no more than MAX_RECORDS_BYTES of JSON), so a
// 10,000-record answer does not flood the assistant, and a record too large for that cut to fit
// (fit-value.ts), so a whole result stays under MAX_RESULT_BYTES; and a short summary in words: how many,
// the answer's verdict, paging, live or demo, masked. A refusal or a failure is a tool error
// (isError) in the proxy's or the provider's own words ("…budget for lookup L… is spent…").
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import type { Answer } from '../../lookups/answer.ts';
import { fitValue, MAX_VALUE_CHARS } from './fit-value.ts';
import type { ProxyAnswer } from './loopback.ts';
import { RESULT_LIMIT, RESULT_OFFSET } from './tool-catalog.ts';
import { narrowingWords } from './narrowing.ts';
import { readProxyAnswer } from './proxy-answer.ts';
import type { RecordWindow } from './tool-arguments.ts';

/** The most JSON of records one result carries; a window is cut short (never below one record, itself cut to fit). */
export const MAX_RECORDS_BYTES = 96 * 1024;
/** The most a whole result takes (its records twice, as structured content and as text, the rest and the summary). */
export const MAX_RESULT_BYTES = 256 * 1024;
/** The most JSON of the lookup's paging (the parameters of the next page) and of a failure's message. */
const MAX_PAGING_BYTES = 8 * 1024;

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A tool error in words: nothing structured to read. */
export function toolError(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** The records of the window, cut short to fit MAX_RECORDS_BYTES; a first record larger than that is cut itself. */
function windowOf(records: readonly unknown[], window: RecordWindow): { picked: unknown[]; cuts: number } {
  const picked: unknown[] = [];
  let bytes = 2;
  let cuts = 0;
  for (let index = window.offset; index < records.length && picked.length < window.limit; index++) {
    const fitted = fitValue(records[index] ?? null, MAX_RECORDS_BYTES - 2);
    if (picked.length > 0 && bytes + fitted.bytes + 1 > MAX_RECORDS_BYTES) break;
    picked.push(fitted.value);
    bytes += fitted.bytes + 1;
    cuts += fitted.cuts;
  }
  return { picked, cuts };
}

/** The lookup's own paging, as data an assistant can act on: the words, and the parameters of the neighbouring pages. */
function pagingOf(answer: Answer): Record<string, unknown> | undefined {
  const paging = answer.paging;
  if (!paging) return undefined;
  const words = {
    summary: paging.summary,
    ...(paging.next && { next: paging.next }),
    ...(paging.prev && { prev: paging.prev }),
    ...(paging.narrowing && { narrowing: `${paging.narrowing.reason} ${paging.narrowing.advice}` }),
  };
  // A provider's cursor is its own: bounded like a record.
  return fitValue(words, MAX_PAGING_BYTES).value as typeof words;
}

export interface ResultInput {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  window: RecordWindow;
  answer: ProxyAnswer;
}

export function toolResult({ lookup, operation, params, window, answer: proxied }: ResultInput): ToolResult {
  const name = `${lookup.id}. ${lookup.title}`;
  const read = readProxyAnswer(lookup, operation, params, proxied);
  // The proxy's refusal (budget spent, rate limited, invalid parameter…) or an upstream failure.
  if (read.refusal !== undefined) return toolError(`${name}: ${read.refusal}`);
  const { answer, ok, source } = read;
  if (read.parseError !== undefined) return toolError(`${name}: ${proxied.status}, and the answer could not be read. ${read.parseError}`);

  const { picked: records, cuts } = windowOf(answer.records, window);
  const message = answer.errorMessage === undefined ? undefined : (fitValue(answer.errorMessage, MAX_PAGING_BYTES).value as string);
  const end = window.offset + records.length;
  // A cut answer: more records follow the ones read (it was cut because they did).
  const nextOffset = end < answer.records.length || (proxied.cut && records.length > 0) ? end : undefined;
  const cut = proxied.cut;
  const paging = pagingOf(answer);
  const structured: Record<string, unknown> = {
    lookup: lookup.id,
    operation: operation.id,
    status: proxied.status,
    source,
    masked: answer.masked,
    ok,
    ...(message !== undefined && { message }),
    totalRecords: answer.records.length,
    ...(cut && { answerCut: true }),
    offset: window.offset,
    returned: records.length,
    ...(nextOffset !== undefined && { nextOffset }),
    ...(paging && { paging }),
    ...(cuts > 0 && { cutValues: cuts }),
    records,
  };

  const summary = [
    `${name} (${operation.label}), ${source === 'demo' ? 'demo data' : source === 'live' ? 'live from the provider' : 'source not said'}: status ${proxied.status}${ok ? '' : ', a failure'}${message ? ` (“${message}”)` : ''}.`,
    answer.records.length === 0
      ? 'No records.'
      : `${answer.records.length} record${answer.records.length === 1 ? '' : 's'} ${cut ? 'read of a larger answer' : 'in this answer'}; ${records.length === 0 ? `none from ${window.offset} on` : `records ${window.offset + 1}–${end} returned`}.`,
    cut &&
      `The answer is larger than a tool result can carry: reading stopped after its first ${answer.records.length} records (${(cut.bytesRead / (1024 * 1024)).toFixed(1)} MiB), the rest was not fetched, so the total is not known. Narrow the query: ${narrowingWords(operation)}.`,
    cuts > 0 &&
      `Some values were too long for a tool result and were cut where marked “…[cut: …]” (strings keep their first ${MAX_VALUE_CHARS.toLocaleString('en-US')} characters); the app’s page for this query shows them whole.`,
    nextOffset !== undefined && `More: call again with ${RESULT_OFFSET}=${nextOffset} (and ${RESULT_LIMIT} up to the number you need).`,
    paging && `Paging: ${paging.summary as string}${paging.next ? ` (next page: ${JSON.stringify(paging.next)})` : ''}.`,
    lookup.personalData.length > 0 && (answer.masked ? 'Personal data is masked.' : 'Personal data is NOT masked.'),
  ]
    .filter(Boolean)
    .join(' ');

  return {
    content: [
      { type: 'text', text: summary },
      // Clients that read only text get the same records (the structured content's JSON).
      { type: 'text', text: JSON.stringify(structured) },
    ],
    structuredContent: structured,
    ...(!ok && { isError: true }),
  };
}
