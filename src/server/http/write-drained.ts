// Writing a long streamed answer without holding it in memory: when the socket's buffer is full,
// the writer waits for it to drain (or for the client to go) before it writes more.
import type { ServerResponse } from 'node:http';

/** Resolves when the socket takes more, or when the answer is closed (the client went). */
export function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Writes a chunk; a promise to wait on when the socket is full, nothing when it took the chunk. */
export function writeDrained(res: ServerResponse, chunk: string | Uint8Array): Promise<void> | void {
  if (!res.write(chunk)) return drained(res);
}
