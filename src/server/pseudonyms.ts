// The keyed code behind masking's pseudonyms ("Person 7f3ak2m9x0qd", src/lookups/stand-ins.ts):
// HMAC-SHA256 keyed by the deployment's secret (LOOKUP_MASK_SECRET) over the kind, a NUL and the
// normalised value, its first 60 bits written as 12 characters of Crockford's base32 (digits and
// lower-case letters without i, l, o, u). The kind is part of what is hashed, so a name and an
// address never share a code; the secret is what keeps anyone from computing a guessed name's code.
//
// 60 bits: among 100,000 distinct values of one kind, the chance that any two share a code is
// about n²/2⁶¹ = 4·10⁻⁹ (1 in 230 million); among 10 million, 4·10⁻⁵.
//
// One secret per deployment: the server reads it at start (config.ts), or makes a random one once
// per process (processMaskSecret) and hands it to its worker processes (server-processes.ts) and,
// with every demo task, to the demo's worker threads (demo-upstream.ts), so they all agree.
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { KeyedCode } from '../lookups/stand-ins.ts';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** Characters in a code: 12 of 5 bits each. */
export const CODE_LENGTH = 12;

/** Six characters of the alphabet from the low 30 bits of `bits`. */
function sixCharacters(bits: number): string {
  let text = '';
  for (let shift = 25; shift >= 0; shift -= 5) text += ALPHABET[(bits >>> shift) & 31];
  return text;
}

function codeWith(key: KeyObject): KeyedCode {
  return (kind, normalised) => {
    // One update of the joined text: each update is a call into the native hash (half the time, measured).
    const digest = createHmac('sha256', key).update(`${kind}\u0000${normalised}`).digest();
    const high = digest.readUInt32BE(0);
    const low = digest.readUInt32BE(4);
    // The digest's first 60 bits as two 30-bit halves: bits 0-29, then bits 30-59.
    return sixCharacters(high >>> 2) + sixCharacters(((high & 3) << 28) | (low >>> 4));
  };
}

// A worker thread is handed the secret with every task: the code it makes is kept for the next.
let last: { secret: string; code: KeyedCode } | undefined;

/** The keyed code for `secret`: the same secret, kind and value give the same code, everywhere. */
export function keyedCode(secret: string): KeyedCode {
  if (last?.secret !== secret) last = { secret, code: codeWith(createSecretKey(Buffer.from(secret, 'utf8'))) };
  return last.code;
}

/** A fresh secret: 32 random bytes, 43 characters of base64url. */
export function randomMaskSecret(): string {
  return randomBytes(32).toString('base64url');
}

let processSecret: string | undefined;

/**
 * This process's random secret, made on first use: what a server uses when LOOKUP_MASK_SECRET is
 * unset (config.ts says so at start). Never called on a demo worker thread, which is handed the
 * server's secret instead; a thread's own would not agree with it.
 */
export function processMaskSecret(): string {
  processSecret ??= randomMaskSecret();
  return processSecret;
}
