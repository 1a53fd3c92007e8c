// The one answer to an error no handler expected, the same on every server (production, Vite
// dev/preview, the standalone demo upstream): one log line with every configured key scrubbed out
// and no query string (a client may have typed a key into it), then the envelope's 500, or, when
// the answer had already begun, the connection closed so the client sees it cut short.
// A client leaving mid-request (while sending a body) is no fault of the server: it is logged as
// a client abort, to `logAbort` (the request log, not the error log), and nothing is answered.
import type { FailureHandler } from './handler-types.ts';
import { isClientAbort } from './read-body.ts';
import { refusal, sendRefusal } from './refusal.ts';
import { targetPath } from './request-target.ts';
import { partLog } from '../server-log.ts';

const INTERNAL_ERROR = refusal(500, 'internal_error', 'The server failed to answer');

export interface FailureOptions {
  /** Removes secrets (the configured keys) from the log line. */
  scrub: (text: string) => string;
  log?: (line: string) => void;
  /** Where a client abort is noted (default: an `info` line of the proxy's part, with the request lines). */
  logAbort?: (line: string) => void;
}

const logError = (line: string) => partLog('server').error(line);
const logClientAbort = (line: string) => partLog('proxy').info(line);

export function createFailureHandler({ scrub, log = logError, logAbort = logClientAbort }: FailureOptions): FailureHandler {
  return (error, req, res) => {
    if (isClientAbort(error)) {
      logAbort(`Client aborted ${req.method} ${targetPath(req.url ?? '')} while sending its body`);
      res.destroy();
      return;
    }
    const reason = error instanceof Error ? error.message : String(error);
    log(scrub(`Internal error for ${req.method} ${targetPath(req.url ?? '')}: ${reason}`));
    if (!res.headersSent) sendRefusal(res, INTERNAL_ERROR);
    else res.destroy();
  };
}
