import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LookupResponse } from '../../api/lookup-response.ts';
import { lookups } from '../../lookups/registry.ts';
import { downloadText } from '../../results/download.ts';
import { answerExportActions, useAnswerExportActions } from './answer-export-actions.ts';
import { pageActions } from './page-actions.ts';

vi.mock('../../results/download.ts', async (original) => ({ ...(await original<object>()), downloadText: vi.fn() }));

const lookup = lookups.A;
const operation = lookup.operations[0];
const body = { id: 550, title: 'Fight Club', genres: [{ id: 18, name: 'Drama' }] };
const response: LookupResponse = {
  url: '/proxy/a/movie/550',
  method: 'GET',
  status: 200,
  statusText: 'OK',
  headers: [],
  source: 'demo',
  timeMs: 3,
  sizeBytes: 60,
  contentType: 'application/json',
  text: JSON.stringify(body),
  body,
};
const params = { movie_id: 550 };

afterEach(() => vi.mocked(downloadText).mockClear());

describe('the palette’s export of the answer on screen', () => {
  it('offers nothing without an answer', () => {
    expect(answerExportActions({ lookup, operation, params, response: undefined, masked: true })).toEqual([]);
    expect(answerExportActions({ lookup, operation, params: undefined, response, masked: true })).toEqual([]);
  });

  it('writes the answer’s records as CSV and JSON, named like the table’s exports', async () => {
    const [csv, json] = answerExportActions({ lookup, operation, params, response, masked: true });
    csv!.run();
    json!.run();
    // The writers load on the first export (their own chunk).
    await vi.waitFor(() => expect(downloadText).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    const [[csvName, csvText, csvType], [jsonName, jsonText]] = vi.mocked(downloadText).mock.calls as [
      [string, string, string],
      [string, string, string],
    ];
    expect(csvName).toMatch(/^lookup-a-.+\.csv$/);
    expect(csvType).toBe('text/csv;charset=utf-8');
    expect(csvText.split('\r\n')[0]).toBe('id,title,genres');
    expect(csvText).toContain('550,Fight Club,"[{""id"":18,""name"":""Drama""}]"');
    expect(jsonName).toMatch(/^lookup-a-.+\.json$/);
    expect(JSON.parse(jsonText)).toEqual([body]);
  });

  it('under the table’s filters writes the filtered records only, and says so in the label and the file name', async () => {
    // L's records are its body's first element's incidents.
    const incidents = [
      { incident_code: 'a1', incident_offense: 'Theft' },
      { incident_code: 'b2', incident_offense: 'Burglary' },
    ];
    const crime = lookups.L;
    const many = { ...response, url: '/proxy/l/x', body: [{ incidents }] };
    const [csv, json] = answerExportActions({
      lookup: crime,
      operation: crime.operations[0],
      params: {},
      response: many,
      masked: false,
      filters: { incident_offense: { contains: 'burg' } },
    });
    expect(csv!.label).toBe('Export the filtered answer as CSV');
    csv!.run();
    json!.run();
    await vi.waitFor(() => expect(downloadText).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    const calls = vi.mocked(downloadText).mock.calls;
    const [[csvName, csvText], [jsonName, jsonText]] = calls as unknown as [[string, string], [string, string]];
    expect(csvName).toMatch(/-filtered\.csv$/);
    expect(csvText.trim().split('\r\n')).toHaveLength(2);
    expect(csvText).toContain('b2,Burglary');
    expect(jsonName).toMatch(/-filtered\.json$/);
    expect(JSON.parse(jsonText)).toEqual([incidents[1]]);
  });

  it('under the map’s time window and drawn area writes only the records they keep, as the table shows', async () => {
    const at = (code: string, date: string, lat: number, lon: number) => ({
      incident_code: code,
      incident_offense: 'Theft',
      incident_date: date,
      incident_latitude: lat,
      incident_longitude: lon,
    });
    const incidents = [
      at('in1', '2024-05-01T10:00:00', 37.77, -122.42),
      at('in2', '2024-05-01T12:00:00', 40.71, -74.0),
      at('late', '2024-05-09T10:00:00', 37.77, -122.42),
    ];
    const crime = lookups.L;
    const many = { ...response, url: '/proxy/l/x', body: [{ incidents }] };
    const look = {
      time: { from: '2024-05-01T00:00:00Z', to: '2024-05-02T00:00:00Z' },
      area: [
        [37, -123],
        [38, -123],
        [38, -122],
        [37, -122],
      ] as Array<[number, number]>,
    };
    const [csv, json] = answerExportActions({
      lookup: crime,
      operation: crime.operations[0],
      params: {},
      response: many,
      masked: false,
      look,
    });
    expect(csv!.label).toBe('Export the filtered answer as CSV');
    csv!.run();
    json!.run();
    await vi.waitFor(() => expect(downloadText).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    const [[csvName], [jsonName, jsonText]] = vi.mocked(downloadText).mock.calls as unknown as [[string, string], [string, string]];
    expect(csvName).toMatch(/-filtered\.csv$/);
    expect(jsonName).toMatch(/-filtered\.json$/);
    // Inside the window and the area: only the first; the second is outside the area, the last outside the window.
    expect((JSON.parse(jsonText) as Array<{ incident_code: string }>).map((record) => record.incident_code)).toEqual(['in1']);
  });

  it('registers them while the page shows the answer, and withdraws them when it goes', () => {
    const { rerender, unmount } = renderHook(
      (props: { shown: LookupResponse | undefined }) =>
        useAnswerExportActions({ lookup, operation, params, response: props.shown, masked: true }),
      { initialProps: { shown: response as LookupResponse | undefined } },
    );
    expect(pageActions().map((action) => action.label)).toEqual(['Export the answer as CSV', 'Export the answer as JSON']);
    rerender({ shown: undefined });
    expect(pageActions()).toEqual([]);
    rerender({ shown: response });
    unmount();
    expect(pageActions()).toEqual([]);
  });
});
