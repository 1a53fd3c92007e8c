// What a tool call tells the client while it runs, on the call's own response stream: log
// notifications (notifications/message, from the level the client set with logging/setLevel up;
// every level when it set none) saying where the call went and what came back, and, when the call
// carries a progressToken, progress notifications as the answer is read.
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';

export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOGGER_NAME = 'lookup-explorer';

export const isLogLevel = (value: unknown): value is LogLevel => LOG_LEVELS.includes(value as LogLevel);

/** The log level a client set: per connection (stdio), per caller across requests (stateless HTTP). */
export interface LevelStore {
  get(): LogLevel | undefined;
  set(level: LogLevel): void;
}

export function memoryLevel(): LevelStore {
  let level: LogLevel | undefined;
  return { get: () => level, set: (next) => void (level = next) };
}

/** Progress at most every this many bytes read (and once when the answer is in). */
const PROGRESS_STEP_BYTES = 1024 * 1024;

export interface CallNotices {
  log(level: LogLevel, text: string): void;
  /** The answer read so far; sent when a step's worth more arrived. */
  read(bytes: number, records: number): void;
  /** A step of the call (sent to the proxy, answered): progress one more. */
  step(message: string): void;
  /** Progress as a count of a known total (a job's rows done of its rows). */
  count(done: number, total: number, message: string): void;
}

const mebibytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/** Notices for one call; `send` is the request's own (so they travel on its response stream), failures to send are dropped. */
export function callNotices(
  send: (notification: ServerNotification) => Promise<void>,
  level: LogLevel | undefined,
  progressToken: string | number | undefined,
): CallNotices {
  const floor = LOG_LEVELS.indexOf(level ?? 'debug');
  let progress = 0;
  let nextStep = PROGRESS_STEP_BYTES;
  const notify = (notification: ServerNotification) => void send(notification).catch(() => {});
  const sendProgress = (value: number, message: string, total?: number) => {
    if (progressToken === undefined) return;
    progress = Math.max(progress + 1, value);
    notify({ method: 'notifications/progress', params: { progressToken, progress, ...(total !== undefined && { total }), message } });
  };
  return {
    log(at, text) {
      if (LOG_LEVELS.indexOf(at) >= floor)
        notify({ method: 'notifications/message', params: { level: at, logger: LOGGER_NAME, data: text } });
    },
    read(bytes, records) {
      if (bytes < nextStep) return;
      nextStep = (Math.floor(bytes / PROGRESS_STEP_BYTES) + 1) * PROGRESS_STEP_BYTES;
      sendProgress(bytes, `${mebibytes(bytes)} of the answer read${records > 0 ? `, ${records.toLocaleString('en-US')} records` : ''}`);
    },
    step(message) {
      sendProgress(progress + 1, message);
    },
    count(done, total, message) {
      // Progress must increase: a count that did not move is not sent again.
      if (done > progress) sendProgress(done, message, total);
    },
  };
}
