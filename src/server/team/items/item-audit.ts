// The audit line of a change to a team item (created, shared, edited, deleted): who, which item
// (its id, kind, title, owner, visibility and version) and when; never its body, which holds the
// query's parameter values or the answers themselves.
import { NO_REQUEST_FACTS, type AuditLog } from '../audit-log.ts';
import type { ItemChange } from './item-service.ts';

const REQUESTS: Readonly<Record<ItemChange['action'], { method: string; status: number }>> = {
  create: { method: 'POST', status: 201 },
  share: { method: 'PUT', status: 200 },
  edit: { method: 'PUT', status: 200 },
  delete: { method: 'DELETE', status: 200 },
};

export function auditItemChange(audit: AuditLog | undefined, { user, action, item }: ItemChange): void {
  const { method, status } = REQUESTS[action];
  const { id, kind, title, owner, visibility, version } = item;
  audit?.({
    ...NO_REQUEST_FACTS,
    user,
    method,
    status,
    source: 'item',
    action: `item-${action}`,
    item: { id, kind, title, owner, visibility, version },
  });
}
