// A real Redis for tests: Debian's redis-server (scripts/ensure-redis.sh installs it when missing,
// as the e2e suite's Chromium is), started on a free loopback port with nothing saved to disk (or
// from the project's deploy/redis.conf in a folder of the test's, to test persistence), and
// stopped by the test that started it. REDIS_SERVER_PATH may name another binary.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../testing/free-port.ts';

const ENSURE_SCRIPT = fileURLToPath(new URL('../../../scripts/ensure-redis.sh', import.meta.url));
const START_TIMEOUT_MS = 10_000;

export interface TestRedis {
  url: string;
  port: number;
  /** Kills it (SIGKILL): whatever was not yet on disk is gone, as in a crash. */
  stop(): Promise<void>;
  /** Stops it as SHUTDOWN does (SIGTERM): what it persists is written first. */
  shutdown(): Promise<void>;
  /** Starts it again on the same port after stop() (an outage that ends). */
  restart(): Promise<void>;
}

let ensured: Promise<unknown> | undefined;

function ensureRedisInstalled(): Promise<unknown> {
  ensured ??= promisify(execFile)('bash', [ENSURE_SCRIPT], { timeout: 300_000 }).catch((error: Error & { stderr?: string }) => {
    ensured = undefined;
    throw new Error(`redis-server is not available: ${error.stderr?.trim() || error.message}`);
  });
  return ensured;
}

/** Resolves once the server answers PING on `port`. */
async function waitForPong(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}): ${output()}`);
    const answered = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.setTimeout(500);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer on port ${port} within ${START_TIMEOUT_MS} ms: ${output()}`);
}

export interface TestRedisOptions {
  /** A configuration file to start from (deploy/redis.conf); its port, bind and dir are the test's. */
  configFile?: string;
  /** The folder Redis keeps its files in (with a configFile); kept across restart(). */
  dir?: string;
}

export async function startRedis(options: TestRedisOptions = {}): Promise<TestRedis> {
  await ensureRedisInstalled();
  const binary = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
  const port = await freePort();
  let child: ChildProcess | undefined;
  const local = ['--port', String(port), '--bind', '127.0.0.1', '--protected-mode', 'yes'];
  // Arguments after the file override it; without one, nothing is saved.
  const args = options.configFile
    ? [options.configFile, ...local, ...(options.dir ? ['--dir', options.dir] : [])]
    : [...local, '--save', '', '--appendonly', 'no'];

  const launch = async () => {
    let output = '';
    const started = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child = started;
    await waitForPong(port, started, () => output.trim().slice(-500));
  };

  const end = async (signal: NodeJS.Signals) => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill(signal);
    await exited;
  };

  await launch();
  return { url: `redis://127.0.0.1:${port}`, port, stop: () => end('SIGKILL'), shutdown: () => end('SIGTERM'), restart: launch };
}
