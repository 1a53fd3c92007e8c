// The audit line of a user's action on a job or a watch (started, cancelled, downloaded, stopped):
// the audit log's entry with what such a line never has (bytes, duration, parameters) left empty.
import type { AuditClient, AuditEntry, AuditLog } from '../team/audit-log.ts';

export interface JobAction {
  user: string;
  lookup: string;
  operation: string;
  method: string;
  status: number;
  /** The job's or the watch's id. */
  id: string;
  action: NonNullable<AuditEntry['action']>;
  /** The kind of client, when not the app's pages (`mcp`: the run_job tool). */
  client?: AuditClient | undefined;
}

export function auditJobAction(
  audit: AuditLog | undefined,
  { user, lookup, operation, method, status, id, action, client }: JobAction,
): void {
  audit?.({
    user,
    lookup,
    operation,
    method,
    status,
    bytes: 0,
    durationMs: 0,
    source: 'job',
    paramsHash: undefined,
    job: id,
    action,
    ...(client && { client }),
  });
}
