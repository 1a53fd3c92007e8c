// What the view reads from the host: the call's arguments as the form's values and parameters (the
// search circle's), the result's masked records and window, and the lookup page's link carrying
// the query; a result it cannot show is said in words.
import { describe, expect, it } from 'vitest';
import { searchCircle } from '../map/search-circle.ts';
import { crimeIncidents } from '../lookups/l-crime-incidents.ts';
import { allLookups } from '../lookups/registry.ts';
import { lookupPageUrl, readToolCall } from './tool-call.ts';

const incidents = crimeIncidents.operations[0];
// As an assistant sends them: numbers as numbers, and the tool's own paging arguments.
const args = {
  lat: 37.7749,
  lon: -122.4194,
  distance: '1mi',
  datetime_ini: '2024-05-01T00:00:00.000Z',
  datetime_end: '2024-05-08T00:00:00.000Z',
  result_limit: 5,
};
const records = [{ incident_code: 'X1', incident_latitude: 37.77, incident_longitude: -122.41 }];
const structured = {
  lookup: crimeIncidents.id,
  operation: incidents.id,
  source: 'demo',
  masked: true,
  totalRecords: 40,
  offset: 0,
  returned: 1,
  records,
};

describe('reading the tool call', () => {
  it('reads the records, the window and the parameters the map’s search circle is drawn from', () => {
    const read = readToolCall(allLookups, args, structured);
    if (!read.ok) throw new Error(read.message);
    const { answer } = read;
    expect(answer.lookup).toBe(crimeIncidents);
    expect(answer.operation).toBe(incidents);
    expect(answer.records).toEqual(records);
    expect(answer.masked).toBe(true);
    expect(answer.window).toEqual({ offset: 0, returned: 1, total: 40 });
    expect(answer.values).toMatchObject({ lat: '37.7749', lon: '-122.4194', distance: '1mi' });
    expect(answer.values).not.toHaveProperty('result_limit');
    expect(searchCircle(incidents.locationSearch, answer.values)).toMatchObject({ lat: 37.7749, lon: -122.4194 });
    expect(answer.params).toMatchObject({ lat: 37.7749, lon: -122.4194 });
  });

  it('links the lookup’s page on the server with the query, ready to send', () => {
    const read = readToolCall(allLookups, args, structured);
    if (!read.ok) throw new Error(read.message);
    const url = new URL(lookupPageUrl('http://lookups.example:4173', read.answer));
    expect(url.origin).toBe('http://lookups.example:4173');
    expect(url.pathname).toBe(`/lookups/${crimeIncidents.slug}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lat: '37.7749',
      lon: '-122.4194',
      distance: '1mi',
      datetime_ini: '2024-05-01T00:00:00.000Z',
      datetime_end: '2024-05-08T00:00:00.000Z',
    });
  });

  it('says so when the result holds no records or names no lookup it knows', () => {
    expect(readToolCall(allLookups, args, { ...structured, records: undefined })).toEqual({
      ok: false,
      message: 'The tool result has no records to show.',
    });
    expect(readToolCall(allLookups, args, { ...structured, lookup: 'Z' })).toMatchObject({ ok: false });
    expect(readToolCall(allLookups, args, undefined)).toMatchObject({ ok: false });
  });

  it('still shows the records of arguments the form would refuse, without a circle', () => {
    const read = readToolCall(allLookups, { lat: 'north' }, structured);
    expect(read.ok && read.answer.params).toEqual({});
  });
});
