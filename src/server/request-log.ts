// The proxy's access log without a write per request: lines are gathered and written together at
// most every `intervalMs` (and when the process exits), so logging never stalls a busy server on
// a slow terminal or pipe. The lines themselves are made, and scrubbed of keys, by the caller.
// Each write holds whole lines and at most PIPE_BUF bytes (4096 on Linux), which a pipe writes
// atomically: the server processes of LOOKUP_WORKERS share one stdout, and their lines never mix.

export interface BatchedLog {
  (line: string): void;
  /** Writes what is gathered now. */
  flush(): void;
}

const MAX_PENDING_LINES = 1_000;
/** Characters per write: at most 4096 bytes, as a line's characters are at most 2 bytes each in UTF-8 (they come from latin1 request text). */
const WRITE_CHARS = 2_048;
const open = new Set<() => void>();
let exitHooked = false;

export function createBatchedLog(write: (text: string) => void = (text) => process.stdout.write(text), intervalMs = 100): BatchedLog {
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const lines = pending;
    pending = [];
    let text = '';
    for (const line of lines) {
      if (text.length > 0 && text.length + line.length + 1 > WRITE_CHARS) {
        write(text);
        text = '';
      }
      text += `${line}\n`;
    }
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
