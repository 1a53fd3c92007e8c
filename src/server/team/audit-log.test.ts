// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { auditClientOf, createAuditLog } from './audit-log.ts';

describe('the audit log', () => {
  it('writes one JSON line per request with exactly the audit fields', async () => {
    const lines: string[] = [];
    const { log } = createAuditLog({ destination: { write: (line: string) => void lines.push(line) } });
    log({
      user: 'ann',
      lookup: 'H',
      operation: 'records',
      method: 'GET',
      status: 200,
      bytes: 512,
      durationMs: 12.5,
      source: 'live',
      budgetLeft: 41,
      paramsHash: 'ab'.repeat(32),
    });
    log({
      user: 'local',
      lookup: undefined,
      operation: undefined,
      method: 'GET',
      status: 404,
      bytes: 80,
      durationMs: 0.4,
      source: 'proxy',
      paramsHash: undefined,
    });
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(first).sort()).toEqual([
      'budgetLeft',
      'bytes',
      'durationMs',
      'lookup',
      'method',
      'operation',
      'paramsHash',
      'source',
      'status',
      'time',
      'user',
    ]);
    expect(first).toMatchObject({
      user: 'ann',
      lookup: 'H',
      operation: 'records',
      status: 200,
      bytes: 512,
      source: 'live',
      budgetLeft: 41,
    });
    expect(Date.parse(first.time as string)).not.toBeNaN();
    expect(JSON.parse(lines[1]!)).toMatchObject({ lookup: null, budgetLeft: null, paramsHash: null, source: 'proxy' });
  });

  it('names the client of an assistant’s call (client: mcp), and no client a header does not name', () => {
    const lines: string[] = [];
    const { log } = createAuditLog({ destination: { write: (line: string) => void lines.push(line) } });
    const entry = {
      user: 'ann',
      lookup: 'H',
      operation: 'records',
      method: 'GET',
      status: 200,
      bytes: 1,
      durationMs: 1,
      source: 'demo' as const,
      paramsHash: undefined,
    };
    log({ ...entry, client: auditClientOf({ 'x-lookup-client': 'mcp' }) });
    log({ ...entry, client: auditClientOf({ 'x-lookup-client': 'something-else' }) });
    expect(JSON.parse(lines[0]!)).toMatchObject({ client: 'mcp' });
    expect(JSON.parse(lines[1]!)).not.toHaveProperty('client');
  });
});
