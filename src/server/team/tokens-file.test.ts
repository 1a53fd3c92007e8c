// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { hashToken, isAdmin, isListed, nameOfToken, parseTokensFile } from './tokens-file.ts';

const ALICE = 'alice-token-0123456789';
const BOB = 'bob-token-abcdefghijkl';
const BOB_HASH = hashToken(BOB).toString('hex');

describe('the tokens file', () => {
  it('reads plain and sha256-hashed tokens, skipping comments and blank lines', () => {
    const entries = parseTokensFile(`# the team\n\nalice:${ALICE}\r\n  bob:sha256:${BOB_HASH.toUpperCase()}  \n`);
    expect(entries.map((entry) => entry.name)).toEqual(['alice', 'bob']);
    expect(nameOfToken(entries, ALICE)).toBe('alice');
    expect(nameOfToken(entries, BOB)).toBe('bob');
    expect(nameOfToken(entries, `sha256:${BOB_HASH}`)).toBeUndefined();
    expect(nameOfToken(entries, 'alice-token-012345678')).toBeUndefined();
    expect(nameOfToken(entries, '')).toBeUndefined();
    expect(isListed(entries, 'bob')).toBe(true);
    expect(isListed(entries, 'carol')).toBe(false);
  });

  it('reads the admin marker after a token, plain or hashed, and no one else is an admin', () => {
    const entries = parseTokensFile(`alice:${ALICE}\nbob:sha256:${BOB_HASH}\tadmin\ncarol:carol-token-0123456789 admin  \n`);
    expect(entries.map(({ name, admin }) => [name, admin])).toEqual([
      ['alice', false],
      ['bob', true],
      ['carol', true],
    ]);
    expect(nameOfToken(entries, BOB)).toBe('bob');
    expect(nameOfToken(entries, 'carol-token-0123456789')).toBe('carol');
    expect([isAdmin(entries, 'alice'), isAdmin(entries, 'bob'), isAdmin(entries, 'dave')]).toEqual([false, true, false]);
  });

  it('keeps a colon inside a token', () => {
    expect(nameOfToken(parseTokensFile('svc:abc:def:ghi:jkl:mnop'), 'abc:def:ghi:jkl:mnop')).toBe('svc');
  });

  it('hashes as the documented command does: printf %s "$TOKEN" | sha256sum', () => {
    const printed = execFileSync('bash', ['-c', `printf '%s' "$TOKEN" | sha256sum | cut -d' ' -f1`], {
      env: { ...process.env, TOKEN: BOB },
      encoding: 'utf8',
    }).trim();
    expect(printed).toBe(BOB_HASH);
  });

  it.each([
    ['alice', 'line 1: expected name:token'],
    [`al ice:${ALICE}`, 'line 1: the name "al ice" must be'],
    [`:${ALICE}`, 'line 1: the name "" must be'],
    ['alice:short', 'line 1: the token of alice is shorter than 16 characters'],
    ['alice:sha256:abc', 'line 1: a hashed token is sha256: and 64 hex digits'],
    [`alice:${ALICE}\nalice:${BOB}`, 'line 2: the name alice is listed twice'],
    [`alice:${ALICE}\n# x\nbob:sha256:${hashToken(ALICE).toString('hex')}`, "line 3: the token of bob is also another name's token"],
    ['alice:has white space in it', 'line 1: the token of alice contains white space'],
    [`alice:${ALICE} root`, 'line 1: the token of alice contains white space (after a token only the word admin may follow)'],
    [`alice:${ALICE} admin admin`, 'line 1: the token of alice contains white space'],
  ])('refuses %j: %s', (text, message) => {
    expect(() => parseTokensFile(text)).toThrow(message);
  });
});
