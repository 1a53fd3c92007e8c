// A real Redis for tests: Debian's redis-server (scripts/ensure-redis.sh installs it when missing,
// as the e2e suite's Chromium is), started on a free loopback port with nothing saved to disk,
// and stopped by the test that started it. REDIS_SERVER_PATH may name another binary.
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
  stop(): Promise<void>;
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

export async function startRedis(): Promise<TestRedis> {
  await ensureRedisInstalled();
  const binary = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
  const port = await freePort();
  let child: ChildProcess | undefined;

  const launch = async () => {
    let output = '';
    const started = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child = started;
    await waitForPong(port, started, () => output.trim().slice(-500));
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGKILL');
    await exited;
  };

  await launch();
  return { url: `redis://127.0.0.1:${port}`, port, stop, restart: launch };
}
