// The SHA-256 of an answer's bytes, as lowercase hex: the evidence pack's appendix states it and the
// ZIP holds the same bytes, so anyone can check that the answer in the pack is the one received.
/** The answer's bytes: its text as received, in UTF-8 (the proxy sends JSON and XML as UTF-8). */
export function answerBytes(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text);
}

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
