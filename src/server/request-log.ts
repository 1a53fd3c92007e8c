// The proxy's access log without a write per request: lines are gathered and written together at
// most every `intervalMs` (and when the process exits), so logging never stalls a busy server on
// a slow terminal or pipe. The lines themselves are made, and scrubbed of keys, by the caller.

export interface BatchedLog {
  (line: string): void;
  /** Writes what is gathered now. */
  flush(): void;
}

const MAX_PENDING_LINES = 1_000;
const open = new Set<() => void>();
let exitHooked = false;

export function createBatchedLog(write: (text: string) => void = (text) => process.stdout.write(text), intervalMs = 100): BatchedLog {
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    write(text);
  };
  open.add(flush);
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => open.forEach((pendingFlush) => pendingFlush()));
  }
  const log = (line: string) => {
    pending.push(line);
    if (pending.length >= MAX_PENDING_LINES) flush();
    else if (!timer) {
      timer = setTimeout(flush, intervalMs);
      timer.unref();
    }
  };
  return Object.assign(log, { flush });
}
