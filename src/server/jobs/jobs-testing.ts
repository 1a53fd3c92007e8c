// For the jobs' tests and bench: a recording stand-in for lookup H's provider on a free loopback
// port (every request counted by zip code, answered after a short delay with one record), and the
// production server (start.ts) started as a child process in team mode with jobs on.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../testing/free-port.ts';

export interface RecordingUpstream {
  url: string;
  /** Requests seen, by zip code and name. */
  seen: Map<string, number>;
  total(): number;
  /** The most requests it was answering at once since the last `resetPeak()`. */
  peak(): number;
  resetPeak(): void;
  close(): Promise<void>;
}

function offender(zipcode: string, version: number) {
  return {
    sex_offender_state: 'IL',
    // Not personal (never masked): a watch sees this change.
    sex_offender_location: version === 0 ? 'Springfield' : `Springfield (moved, v${version})`,
    sex_offender_zipcode: zipcode,
    sex_offender_lat: '39.78',
    sex_offender_lon: '-89.65',
    sex_offender_name: `Person ${zipcode}`,
    sex_offender_first_name: 'Pat',
    sex_offender_middle_name: '',
    sex_offender_last_name: `Doe${zipcode}`,
    sex_offender_birthdate: '1970-01-01',
    sex_offender_age: 50 + version,
    sex_offender_address_line1: `${zipcode} Main St`,
    sex_offender_address_line2: '',
    sex_offender_sex: 'M',
    sex_offender_race: '',
    sex_offender_height: '',
    sex_offender_weight: '',
    sex_offender_hair: '',
    sex_offender_eyes: '',
    sex_offender_marks: '',
    sex_offender_aliases: '',
    sex_offender_charges: `charge v${version}`,
    sex_offender_changes: '',
    sex_offender_is_predator: 'false',
    sex_offender_is_absconder: 'false',
    sex_offender_image_url: '',
  };
}

/** H's provider, recording: `version()` lets a test change what it answers (a watchlist's change). */
export async function startRecordingUpstream(options: { delayMs?: number; version?: () => number } = {}): Promise<RecordingUpstream> {
  const seen = new Map<string, number>();
  let total = 0;
  let inFlight = 0;
  let peak = 0;
  const server: Server = createServer((req, res) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    res.on('close', () => inFlight--);
    const url = new URL(req.url ?? '/', 'http://upstream');
    const zipcode = url.searchParams.get('zipcode') ?? '';
    const key = `${zipcode}|${url.searchParams.get('name') ?? ''}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    total++;
    const body = JSON.stringify({ sex_offenders_count: 1, pages_count: 1, sex_offenders: [offender(zipcode, options.version?.() ?? 0)] });
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(body), options.delayMs ?? 0);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    seen,
    total: () => total,
    peak: () => peak,
    resetPeak: () => (peak = inFlight),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A folder holding a stand-in build (index.html) and an access tokens file. */
export function teamFolder(tokens: Record<string, string>): { dist: string; tokensFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lookup-jobs-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>jobs test</title>');
  const tokensFile = join(dir, 'tokens');
  writeFileSync(
    tokensFile,
    Object.entries(tokens)
      .map(([name, token]) => `${name}:${token}`)
      .join('\n'),
  );
  return { dist: dir, tokensFile };
}

export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('LOOKUP_')));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(`on http://127.0.0.1:${port}/`)) {
    if (child.exitCode !== null) throw new Error(`The server exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}

export interface WebhookTry {
  body: string;
  headers: Record<string, string>;
  /** Whether the receiver took it (204) or refused it (503). */
  accepted: boolean;
}

export interface WebhookReceiver {
  url: string;
  /** Every try it saw, in order. */
  received: WebhookTry[];
  /** Refuse this many more tries (Infinity: all), then take them. */
  refuse(count: number): void;
  close(): void;
}

/** A webhook receiver on a free loopback port that keeps every try. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: WebhookTry[] = [];
  let refusing = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const accepted = refusing <= 0;
      refusing -= 1;
      received.push({ body, headers: req.headers as Record<string, string>, accepted });
      res.writeHead(accepted ? 204 : 503).end();
    });
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`,
    received,
    refuse: (count) => (refusing = count),
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
