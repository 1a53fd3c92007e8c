// The audit line of a user's action on a job or a watch (started, cancelled, downloaded, stopped):
// the audit log's entry with what such a line never has (bytes, duration, parameters) left empty.
import type { AuditEntry, AuditLog } from '../team/audit-log.ts';

export interface JobAction {
  user: string;
  lookup: string;
  operation: string;
  method: string;
  status: number;
  /** The job's or the watch's id. */
  id: string;
  action: NonNullable<AuditEntry['action']>;
}

export function auditJobAction(audit: AuditLog | undefined, { user, lookup, operation, method, status, id, action }: JobAction): void {
  audit?.({ user, lookup, operation, method, status, bytes: 0, durationMs: 0, source: 'job', paramsHash: undefined, job: id, action });
}
