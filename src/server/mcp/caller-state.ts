// What the stateless HTTP endpoint keeps between one caller's requests, in this process: the log
// level it set (logging/setLevel) and its tool calls in flight, so a notifications/cancelled (its
// own POST, answered by a fresh server) aborts the call it names: the loopback request, the
// proxy's answer and the upstream fetch stop. A caller is its credentials (Authorization, the
// session cookie, a trusted proxy's user header), hashed; without any, its address, so one
// anonymous caller cannot cancel another's calls. The levels kept are bounded (the calls, by what
// runs). An instance knows only the calls it runs: a cancellation that reaches another instance
// finds nothing, and the call runs on.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { memoryLevel, type LevelStore, type LogLevel } from './call-notices.ts';
import type { LoopbackTarget } from './loopback.ts';

/** Callers whose level is kept (the oldest forgotten first). */
const MAX_CALLERS = 10_000;

export function callerKey(req: IncomingMessage, target: LoopbackTarget): string {
  const identity = Object.entries(target.headers).sort(([a], [b]) => a.localeCompare(b));
  const who = identity.length > 0 ? JSON.stringify(identity) : `address:${req.socket.remoteAddress ?? ''}`;
  return createHash('sha256').update(who).digest('base64url');
}

type RequestId = string | number;

export class CallerState {
  private readonly levels = new Map<string, LogLevel>();
  private readonly inFlight = new Map<string, AbortController>();

  /** The caller's log level, kept across its requests. */
  levelOf(caller: string): LevelStore {
    const kept = this.levels.get(caller);
    const store = memoryLevel();
    if (kept) store.set(kept);
    return {
      get: store.get,
      set: (level) => {
        store.set(level);
        this.levels.delete(caller);
        this.levels.set(caller, level);
        if (this.levels.size > MAX_CALLERS) this.levels.delete(this.levels.keys().next().value!);
      },
    };
  }

  /** A call starts: its signal aborts when the caller cancels it; `end` when it is answered. */
  track(caller: string, id: RequestId): { signal: AbortSignal; end: () => void } {
    const key = `${caller} ${JSON.stringify(id)}`;
    const controller = new AbortController();
    this.inFlight.set(key, controller);
    return { signal: controller.signal, end: () => this.inFlight.get(key) === controller && this.inFlight.delete(key) };
  }

  /** notifications/cancelled: aborts the caller's call with that id, if this process runs it. */
  cancel(caller: string, id: RequestId, reason?: string): boolean {
    const key = `${caller} ${JSON.stringify(id)}`;
    const controller = this.inFlight.get(key);
    controller?.abort(new Error(reason ? `cancelled by the client: ${reason}` : 'cancelled by the client'));
    return this.inFlight.delete(key);
  }

  /** Calls in flight (for tests). */
  get calls(): number {
    return this.inFlight.size;
  }
}
