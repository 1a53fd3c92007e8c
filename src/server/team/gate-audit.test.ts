// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from './audit-log.ts';
import { createGateAudit } from './gate-audit.ts';

describe('createGateAudit', () => {
  const refusal = (address: string, status = 401, code = 'unauthenticated') => ({ address, method: 'GET', status, code });

  it('writes one line per client and code per window, then says how many it left out', () => {
    let now = 0;
    const lines: AuditEntry[] = [];
    const gate = createGateAudit((entry) => lines.push(entry), { now: () => now });
    for (let i = 0; i < 4; i++) gate(refusal('198.51.100.1'));
    gate(refusal('198.51.100.1', 429, 'too_many_sign_ins'));
    gate(refusal('198.51.100.2'));
    expect(lines.map(({ address, status, suppressed }) => [address, status, suppressed])).toEqual([
      ['198.51.100.1', 401, 0],
      ['198.51.100.1', 429, 0],
      ['198.51.100.2', 401, 0],
    ]);
    now += 10_000;
    gate(refusal('198.51.100.1'));
    expect(lines.at(-1)).toMatchObject({ address: '198.51.100.1', source: 'gate', user: '-', suppressed: 3 });
  });

  it('caps the lines of a window whatever the number of clients, and forgets clients past its bound', () => {
    const now = 0;
    const lines: AuditEntry[] = [];
    const gate = createGateAudit((entry) => lines.push(entry), { now: () => now, maxLines: 3, maxClients: 5 });
    for (let i = 0; i < 50; i++) gate(refusal(`2001:db8:${i.toString(16)}::1`));
    expect(lines).toHaveLength(3);
    // An IPv6 client is one /64.
    expect(lines[0]!.address).toBe('2001:db8:0:0::/64');
  });
});
