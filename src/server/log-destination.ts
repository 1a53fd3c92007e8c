// Where the server log's lines go (server-log.ts): stdout (stderr for the MCP stdio server) without
// a write per line. Lines are gathered and written together at most every `intervalMs` (and when
// the process exits), so logging never stalls a busy server on a slow terminal or pipe: the
// proxy's request line costs an array push, not a system call.
// Each write holds whole lines and at most PIPE_BUF bytes (4096 on Linux), which a pipe writes
// atomically: the server processes of LOOKUP_WORKERS share one stdout, and their lines never mix.
// (A single line longer than that is written alone.)

/** A pino destination: `write` gets one whole line, newline included. */
export interface BatchedDestination {
  write(line: string): void;
  /** Writes what is gathered now (pino's `flush` calls it, with a callback). */
  flush(done?: () => void): void;
}

const MAX_PENDING_LINES = 1_000;
const WRITE_BYTES = 4_096;
const open = new Set<() => void>();
let exitHooked = false;

export function createBatchedDestination(write: (text: string) => void, intervalMs = 100): BatchedDestination {
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = (done?: () => void) => {
    writeOut();
    done?.();
  };
  const writeOut = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const lines = pending;
    pending = [];
    let text = '';
    let bytes = 0;
    for (const line of lines) {
      const size = Buffer.byteLength(line);
      if (bytes > 0 && bytes + size > WRITE_BYTES) {
        write(text);
        text = '';
        bytes = 0;
      }
      text += line;
      bytes += size;
    }
    write(text);
  };
  open.add(writeOut);
  if (!exitHooked) {
    exitHooked = true;
    // On Linux, stdout and stderr write synchronously to a file or pipe: these lines get out.
    process.once('exit', () => open.forEach((pendingFlush) => pendingFlush()));
  }
  return {
    write(line) {
      pending.push(line);
      if (pending.length >= MAX_PENDING_LINES) writeOut();
      else if (!timer) {
        timer = setTimeout(writeOut, intervalMs);
        timer.unref();
      }
    },
    flush,
  };
}
