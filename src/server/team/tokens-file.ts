// LOOKUP_ACCESS_TOKENS_FILE: who may use the server, one `name:token` per line. A token may be
// stored hashed as `name:sha256:<64 hex digits>` (the SHA-256 of the token, printed by
// `printf '%s' "$TOKEN" | sha256sum`), so the file never holds a usable secret. Blank lines and
// lines starting with # are skipped. Tokens are compared by their SHA-256 with
// crypto.timingSafeEqual, against every entry, so the time taken says nothing about any token.
// The word `admin` after a token, past white space (`carol:sha256:<hex> admin`), names an admin of
// the team's shared items (issue 35): they may edit and delete any team item. A token never holds
// white space, so files written before the marker read as they did.
import { createHash, timingSafeEqual } from 'node:crypto';

export interface TokenEntry {
  name: string;
  /** SHA-256 of the token. */
  hash: Buffer;
  /** Marked `admin`: may edit and delete any team item, not only their own. */
  admin: boolean;
}

/** The one word a line may carry after its token. */
export const ADMIN_MARKER = 'admin';

/** Shorter plain tokens are refused: a token is a random secret, not a password to guess. */
export const MIN_TOKEN_LENGTH = 16;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
const HASHED = /^sha256:([0-9a-fA-F]{64})$/;

export class TokensFileError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'TokensFileError';
  }
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export function parseTokensFile(text: string): TokenEntry[] {
  const entries: TokenEntry[] = [];
  const names = new Set<string>();
  const hashes = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const colon = trimmed.indexOf(':');
    if (colon === -1) throw new TokensFileError(line, 'expected name:token (or name:sha256:<hex>)');
    const name = trimmed.slice(0, colon);
    const [secret = '', ...marks] = trimmed.slice(colon + 1).split(/\s+/);
    if (!NAME.test(name))
      throw new TokensFileError(line, `the name ${JSON.stringify(name.slice(0, 64))} must be 1-64 letters, digits, . _ @ or -`);
    if (names.has(name)) throw new TokensFileError(line, `the name ${name} is listed twice`);
    if (marks.length > 1 || (marks.length === 1 && marks[0] !== ADMIN_MARKER))
      throw new TokensFileError(line, `the token of ${name} contains white space (after a token only the word ${ADMIN_MARKER} may follow)`);
    const hashed = HASHED.exec(secret);
    if (!hashed && secret.startsWith('sha256:')) throw new TokensFileError(line, 'a hashed token is sha256: and 64 hex digits');
    if (!hashed && secret.length < MIN_TOKEN_LENGTH)
      throw new TokensFileError(line, `the token of ${name} is shorter than ${MIN_TOKEN_LENGTH} characters`);
    const hash = hashed ? Buffer.from(hashed[1]!, 'hex') : hashToken(secret);
    const hex = hash.toString('hex');
    if (hashes.has(hex)) throw new TokensFileError(line, `the token of ${name} is also another name's token`);
    names.add(name);
    hashes.add(hex);
    entries.push({ name, hash, admin: marks[0] === ADMIN_MARKER });
  });
  return entries;
}

/** The name whose token this is, or undefined. Every entry is compared, in constant time each. */
export function nameOfToken(entries: readonly TokenEntry[], token: string): string | undefined {
  const hash = hashToken(token);
  let found: string | undefined;
  for (const entry of entries) if (timingSafeEqual(entry.hash, hash) && found === undefined) found = entry.name;
  return found;
}

/** Whether `name` is listed: a session of a name taken out of the file ends when the server restarts with it. */
export function isListed(entries: readonly TokenEntry[], name: string): boolean {
  return entries.some((entry) => entry.name === name);
}

/** Whether `name` is listed and marked `admin`. */
export function isAdmin(entries: readonly TokenEntry[], name: string): boolean {
  return entries.some((entry) => entry.name === name && entry.admin);
}
