// Test and benchmark helpers for large answers (issue 23): a body shaped like L's (crime incidents,
// about 630 bytes a record, so 100,000 records are about 60 MB), written the way a provider streams
// it, and a reader that records when its first bytes came.
import { createHash } from 'node:crypto';
import { request, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { crimeIncidents } from '../../lookups/l-crime-incidents.ts';

/** The block address of incident `i`: what masking must never let through. */
export const addressOf = (i: number): string => `${100 + (i % 900)} BLOCK OF ${['MAIN', 'OAK', 'ELM', 'PINE'][i % 4]} ST`;

/** One incident as L's provider writes it; `source` overrides its source name (a key echo, say). */
export function incident(i: number, source = 'Springfield Police Department'): Record<string, unknown> {
  return {
    city_key: 'SPRINGFIELD',
    incident_code: `INC-${String(i).padStart(8, '0')}`,
    incident_date: `2024-05-${String(1 + (i % 28)).padStart(2, '0')}T12:00:00`,
    incident_offense: 'Larceny/Theft Offenses',
    incident_offense_code: '23H',
    incident_offense_description: 'All Other Larceny',
    incident_offense_detail_description: 'Theft of property from a parked vehicle in a public lot near the station',
    incident_offense_crime_against: 'Property',
    incident_offense_action: 'C',
    incident_source_original_type: 'THEFT FROM MOTOR VEHICLE',
    incident_source_name: source,
    incident_latitude: 39.78 + (i % 1000) / 1e5,
    incident_longitude: -89.65 - (i % 997) / 1e5,
    incident_address: addressOf(i),
  };
}

/**
 * Incident `index` of an answer whose fields vary as a real one's do (offenses, dates, positions),
 * so a table, its facets and a search have many values to show: codes are `<prefix>-<index + 1>`,
 * padded to `digits`, and each record's detail names its code.
 */
export function varyingIncident(index: number, prefix: string, digits = 6): Record<string, unknown> {
  const code = `${prefix}-${String(index + 1).padStart(digits, '0')}`;
  return {
    city_key: 'SF',
    incident_code: code,
    incident_date: new Date(Date.UTC(2024, 4, 1) + index * 60_000).toISOString(),
    incident_offense: ['Larceny/Theft', 'Burglary', 'Assault', 'Vandalism'][index % 4],
    incident_offense_code: `${200 + (index % 40)}`,
    incident_offense_description: `Offense description number ${index % 97}`,
    incident_offense_detail_description: `A longer detail of what was reported for incident ${code}`,
    incident_offense_crime_against: index % 3 === 0 ? 'Person' : 'Property',
    incident_offense_action: index % 2 === 0 ? 'C' : 'A',
    incident_source_original_type: `Original type ${index % 13}`,
    incident_source_name: `${prefix} Police Department`,
    incident_latitude: 37.7 + (index % 1000) / 10_000,
    incident_longitude: -122.4 - (index % 1000) / 10_000,
    incident_address: `${(index % 90) * 100} Block of Market St`,
  };
}

/** L's answer of `count` varying incidents (one page holding them all). */
export function varyingIncidentsBody(count: number, prefix: string, digits = 6): Buffer {
  const incidents = Array.from({ length: count }, (_, index) => varyingIncident(index, prefix, digits));
  return Buffer.from(JSON.stringify([{ total_incidents: count, total_pages: 1, incidents }]));
}

/** L's answer with `count` incidents; `echo(i)` names the source of incident i (e.g. a key a provider echoes). */
export function incidentsBody(count: number, echo?: (i: number) => string | undefined): Buffer {
  const records = Array.from({ length: count }, (_, i) => incident(i, echo?.(i)));
  return Buffer.from(JSON.stringify([{ total_incidents: count, total_pages: 1, incidents: records }]));
}

/** L's path through the proxy, with the example's parameters. */
export const INCIDENTS_PATH = `/proxy/${crimeIncidents.slug}/v1/incidents/raw-data?lat=37.7749&lon=-122.4194&distance=1mi&datetime_ini=2024-05-01T00%3A00%3A00.000Z&datetime_end=2024-05-08T00%3A00%3A00.000Z`;

/**
 * Writes `body` chunked (no Content-Length) in slices of `slice` bytes, waiting for the socket to
 * drain as a provider would; `beforeLast` is awaited before the last slice goes out.
 */
export async function writeInChunks(res: ServerResponse, body: Buffer, slice: number, beforeLast?: () => Promise<void>): Promise<void> {
  let at = 0;
  while (body.length - at > slice) {
    if (!res.write(body.subarray(at, at + slice))) await new Promise((resolve) => res.once('drain', resolve));
    if (res.destroyed) return;
    at += slice;
  }
  await beforeLast?.();
  res.end(body.subarray(at));
}

export interface StreamedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: number;
  sha256: string;
  /** The whole body, when `keep` was asked. */
  body?: Buffer;
}

/**
 * GETs `url`, hashing the body as it arrives (a 60 MB body is not kept unless asked); `onFirstBytes`
 * is called with the first chunk of the body; `pauseMsPerMiB` makes it a slow reader.
 */
export function readStreamed(
  url: string,
  options: {
    headers?: Record<string, string>;
    keep?: boolean;
    onFirstBytes?: () => void /** Pause this long after each MiB read: a slow browser. */;
    pauseMsPerMiB?: number;
  } = {},
): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: options.headers }, (res) => {
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) options.onFirstBytes?.();
        bytes += chunk.length;
        hash.update(chunk);
        if (options.keep) chunks.push(chunk);
        const pause = options.pauseMsPerMiB;
        if (pause && Math.floor(bytes / 2 ** 20) > Math.floor((bytes - chunk.length) / 2 ** 20)) {
          res.pause();
          setTimeout(() => res.resume(), pause);
        }
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          bytes,
          sha256: hash.digest('hex'),
          ...(options.keep && { body: Buffer.concat(chunks) }),
        }),
      );
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('the answer was cut short')));
    });
    req.on('error', reject);
    req.end();
  });
}

export const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');
