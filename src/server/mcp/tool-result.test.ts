import { describe, expect, it } from 'vitest';
import { crimeIncidents } from '../../lookups/l-crime-incidents.ts';
import { incidentsBody } from '../testing/big-answer.ts';
import type { ProxyAnswer } from './loopback.ts';
import { MAX_RECORD_LIMIT } from './tool-catalog.ts';
import { MAX_RECORDS_BYTES, MAX_RESULT_BYTES, toolResult } from './tool-result.ts';

const operation = crimeIncidents.operations[0];
const json = { 'content-type': 'application/json', 'x-lookup-source': 'live', 'x-lookup-masked': 'true' };

function result(answer: ProxyAnswer, offset = 0, limit = 20) {
  return toolResult({ lookup: crimeIncidents, operation, params: { page: 1 }, window: { offset, limit }, answer });
}

describe('a tool result', () => {
  it('returns a window of a 10,000-record answer, says how many there are and where the next window starts', () => {
    const answer = { status: 200, headers: json, body: incidentsBody(10_000) };
    const first = result(answer);
    const structured = first.structuredContent as {
      totalRecords: number;
      returned: number;
      nextOffset: number;
      records: { incident_code: string }[];
      source: string;
    };
    expect(structured).toMatchObject({ totalRecords: 10_000, returned: 20, nextOffset: 20, source: 'live' });
    expect(first.content[0]!.text).toContain('10000 records in this answer; records 1–20 returned');
    expect(first.content[0]!.text).toContain('result_offset=20');
    const last = result(answer, 9_990).structuredContent as { returned: number; nextOffset?: number; records: { incident_code: string }[] };
    expect(last.returned).toBe(10);
    expect(last.nextOffset).toBeUndefined();
    expect(last.records[0]!.incident_code).toBe('INC-00009990');
  });

  it('cuts a window short rather than send more than MAX_RECORDS_BYTES of records', () => {
    const answer = { status: 200, headers: json, body: incidentsBody(10_000, () => 'x'.repeat(2_000)) };
    const capped = result(answer, 0, MAX_RECORD_LIMIT);
    const structured = capped.structuredContent as { returned: number; nextOffset: number; records: unknown[] };
    expect(structured.returned).toBeLessThan(MAX_RECORD_LIMIT);
    expect(structured.returned).toBeGreaterThan(0);
    expect(JSON.stringify(structured.records).length).toBeLessThanOrEqual(MAX_RECORDS_BYTES);
    expect(structured.nextOffset).toBe(structured.returned);
  });

  it('cuts a single record with a 5,000,000-character field so the whole result stays under MAX_RESULT_BYTES, and says where', () => {
    const answer = { status: 200, headers: json, body: incidentsBody(1, () => 'x'.repeat(5_000_000)) };
    const cut = result(answer);
    expect(Buffer.byteLength(JSON.stringify(cut))).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    const structured = cut.structuredContent as { returned: number; cutValues: number; records: Record<string, string>[] };
    expect(structured.returned).toBe(1);
    expect(structured.cutValues).toBe(1);
    const source = Object.values(structured.records[0]!).find((value) => typeof value === 'string' && value.startsWith('xxx'))!;
    expect(source).toMatch(/^x{2000}…\[cut: 4,998,000 more characters\]$/);
    expect(structured.records[0]!.incident_code).toBe('INC-00000000');
    expect(cut.content[0]!.text).toContain('were cut where marked');
  });

  it('keeps a whole result under MAX_RESULT_BYTES in bytes for a window of records each larger than it in many-byte characters', () => {
    const large = result({ status: 200, headers: json, body: incidentsBody(20, () => 'é'.repeat(100_000)) }, 0, MAX_RECORD_LIMIT);
    expect(Buffer.byteLength(JSON.stringify(large))).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect((large.structuredContent as { returned: number }).returned).toBeGreaterThan(0);
  });

  it('turns the proxy’s refusal into a tool error in its own words', () => {
    const body = Buffer.from(
      JSON.stringify({
        error: { code: 'budget_exhausted', message: 'The budget for lookup L (1 live calls per day) is spent.', origin: 'proxy' },
      }),
    );
    const refused = result({ status: 429, headers: { 'content-type': 'application/json' }, body });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toBeUndefined();
    expect(refused.content[0]!.text).toContain('429 budget_exhausted');
    expect(refused.content[0]!.text).toContain('is spent');
  });

  it('masks personal data itself when the proxy did not say it had', () => {
    const answer = { status: 200, headers: { 'content-type': 'application/json', 'x-lookup-source': 'demo' }, body: incidentsBody(3) };
    const structured = result(answer).structuredContent as {
      masked: boolean;
      records: { incident_address: string; incident_latitude: number }[];
    };
    expect(structured.masked).toBe(true);
    expect(structured.records[0]!.incident_address).not.toBe('100 BLOCK OF MAIN ST');
    expect(String(structured.records[0]!.incident_latitude)).toMatch(/^\d+\.\d{1,2}$/);
  });

  it('says plainly when the answer cannot be read', () => {
    const broken = result({ status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"incidents": [') });
    expect(broken.isError).toBe(true);
    expect(broken.content[0]!.text).toContain('could not be read');
  });
});
