// Refusals at the access gate (401 `unauthenticated`, 429 `too_many_sign_ins`, 400 for a doubled
// user header) in the audit log, so guessing tokens shows. Rate-limited, since anyone can cause
// them: at most one line per client prefix and code every `windowMs`, carrying how many like it
// were left out before it (`suppressed`), and at most `maxLines` gate lines per window in all.
// What it remembers is bounded (`maxClients`; forgotten all at once when full).
import { NO_REQUEST_FACTS, type AuditLog } from './audit-log.ts';
import { limitedPrefix } from './sign-in-limit.ts';

export const GATE_AUDIT_WINDOW_MS = 10_000;

export interface GateRefusal {
  address: string;
  method: string;
  status: number;
  code: string;
}

export interface GateAuditOptions {
  windowMs?: number;
  maxLines?: number;
  maxClients?: number;
  now?: () => number;
}

/** The gate's audit writer: every refusal goes in, a bounded number of lines comes out. */
export function createGateAudit(
  log: AuditLog,
  { windowMs = GATE_AUDIT_WINDOW_MS, maxLines = 100, maxClients = 4096, now = Date.now }: GateAuditOptions = {},
): (refusal: GateRefusal) => void {
  // Per client and code: when its last line was written, and refusals left out since.
  const seen = new Map<string, { loggedAt: number; suppressed: number }>();
  let windowStart = -Infinity;
  let linesInWindow = 0;
  return ({ address, method, status, code }) => {
    const time = now();
    if (time - windowStart >= windowMs) {
      windowStart = time;
      linesInWindow = 0;
    }
    const client = limitedPrefix(address);
    const key = `${client} ${code}`;
    const last = seen.get(key);
    if ((last && time - last.loggedAt < windowMs) || linesInWindow >= maxLines) {
      if (last) last.suppressed++;
      else if (seen.size < maxClients) seen.set(key, { loggedAt: -Infinity, suppressed: 1 });
      return;
    }
    if (!last && seen.size >= maxClients) seen.clear();
    seen.set(key, { loggedAt: time, suppressed: 0 });
    linesInWindow++;
    log({
      ...NO_REQUEST_FACTS,
      user: '-',
      method,
      status,
      source: 'gate',
      address: client,
      code,
      suppressed: last?.suppressed ?? 0,
    });
  };
}
