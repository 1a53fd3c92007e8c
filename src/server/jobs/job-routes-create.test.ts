// @vitest-environment node
// POST /jobs through the route on a real HTTP server (a stand-in queue): a job's rows reach the
// queue as sent, with the names they use as its columns; a body past the byte limit is answered
// 413 while the client is still sending it, and the connection is closed.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryIndex } from '../../lookups/registry.ts';
import { createJobActions } from './job-actions.ts';
import { createJobRoutes } from './job-routes.ts';
import type { JobFacts, JobStore, NewJob } from './job-store.ts';
import type { JobsSettings } from './jobs-settings.ts';
import { RowTexts } from './row-texts.ts';

const LIMIT = 256 * 1024;

describe('POST /jobs', () => {
  let server: Server;
  let port: number;
  const submitted: NewJob[] = [];

  beforeAll(async () => {
    const settings = { maxBodyBytes: LIMIT, chunkSize: 100, concurrency: 4, eventsPerUser: 1, eventsPerJob: 1 } as JobsSettings;
    const enqueue = (job: NewJob): Promise<JobFacts> => {
      submitted.push(job);
      return Promise.resolve({
        ...job,
        id: '00000000-0000-4000-8000-000000000000',
        total: job.rows.length,
        chunks: 1,
        createdAt: Date.now(),
        state: 'queued',
        done: 0,
        failed: 0,
      });
    };
    const store = { admit: async () => ({ ok: true, id: '00000000-0000-4000-8000-000000000000' }) } as unknown as JobStore;
    const jobs = createJobActions({ store, index: registryIndex, settings, enqueue });
    const routes = createJobRoutes({ jobs, store, index: registryIndex, settings });
    server = createServer((req, res) => void routes(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Sends `body` in 16 KiB pieces; the answer, and how much of the body was sent when it came. */
  function post(body: Buffer): Promise<{ status: number; json: unknown; connection: string | undefined; sentBeforeAnswer: number }> {
    return new Promise((resolve, reject) => {
      let sent = 0;
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/jobs',
          headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        },
        (res) => {
          const sentBeforeAnswer = sent;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(text), connection: res.headers.connection, sentBeforeAnswer }),
          );
        },
      );
      // The server may close the connection before the body is all sent: that is the point.
      req.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
      );
      const send = () => {
        while (sent < body.length && !req.destroyed) {
          const piece = body.subarray(sent, sent + 16 * 1024);
          sent += piece.length;
          if (!req.write(piece)) return void req.once('drain', send);
        }
        req.end();
      };
      send();
    });
  }

  it('queues the rows as sent, with the names they use as the columns', async () => {
    const rows = [{ zipcode: '62701' }, { name: 'Pat', zipcode: '62702' }, { name: 'Lee' }];
    const answer = await post(Buffer.from(JSON.stringify({ lookup: 'H', operation: 'records', rows, concurrency: 2 })));
    expect(answer.status).toBe(202);
    const queued = submitted.at(-1)!;
    expect(queued).toMatchObject({ lookup: 'H', operation: 'records', columns: ['zipcode', 'name'], concurrency: 2 });
    // Kept as compact JSON text until stored (row-texts.ts): the same rows.
    expect(queued.rows).toBeInstanceOf(RowTexts);
    const texts = queued.rows as RowTexts;
    expect(JSON.parse(texts.arrayText(0, texts.length))).toEqual(rows);
  });

  it('answers a body past the limit with 413 before the client has sent it all, and closes the connection', async () => {
    // 32 MiB: far more than the connection's buffers hold, so the client is still sending when the answer comes.
    const row = '{"zipcode":"62701"},';
    const body = Buffer.from(
      `{"lookup":"H","operation":"records","rows":[${row.repeat((32 * 1024 * 1024) / row.length)}{"zipcode":"62701"}]}`,
    );
    const answer = await post(body);
    expect(answer).toMatchObject({
      status: 413,
      json: { error: { code: 'body_too_large', message: `The request body is larger than ${LIMIT} bytes` } },
      connection: 'close',
    });
    expect(answer.sentBeforeAnswer).toBeLessThan(body.length);
  });
});
