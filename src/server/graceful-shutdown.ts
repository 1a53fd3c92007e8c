// Ending a server without cutting off anyone it is answering: stop accepting, let the requests in
// flight finish (a keep-alive connection is closed as soon as its answer is out), then resolve.
// Whatever is still open after `graceMs` (a client that never reads its answer) is cut.
import type { Server } from 'node:http';

/** How often connections that have become idle are closed while the server drains. */
const SWEEP_MS = 50;

export function closeGracefully(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    // node:http closes the idle connections on close(), but one busy at that moment stays open
    // after its answer for the whole keep-alive timeout: swept here once it is idle.
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    deadline.unref();
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
