// How History keeps an answer's text: as it came when small, gzip-compressed when large (the
// browser's own CompressionStream: native code, no library), so a 60 MB answer of records takes a
// few MB of the store and fits its caps. Written and read in slices, so no step holds the page long.
import { concatBytes } from '../../api/bytes.ts';

/** From this size (bytes of the answer) the text is kept compressed; below it, as it came. */
export const COMPRESS_FROM_BYTES = 64 * 1024;
/** Characters encoded per write: a slice is a few milliseconds of work. */
const SLICE_CHARS = 1 << 20;

/** An answer's text as History keeps it. */
export type KeptText = { text: string } | { gzip: Uint8Array };

async function readAll(readable: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concatBytes(chunks);
    chunks.push(value);
  }
}

/** The end of the slice starting at `from`, never between the two halves of a surrogate pair. */
function sliceEnd(text: string, from: number): number {
  const end = Math.min(text.length, from + SLICE_CHARS);
  const last = text.charCodeAt(end - 1);
  return end < text.length && last >= 0xd800 && last <= 0xdbff ? end + 1 : end;
}

export async function gzipText(text: string): Promise<Uint8Array> {
  const stream = new CompressionStream('gzip');
  // Read while writing: the writer waits for room that only reading makes.
  const compressed = readAll(stream.readable);
  const writer = stream.writable.getWriter();
  const encoder = new TextEncoder();
  for (let at = 0; at < text.length; ) {
    const end = sliceEnd(text, at);
    await writer.write(encoder.encode(text.slice(at, end)));
    at = end;
  }
  await writer.close();
  return compressed;
}

export async function gunzipText(bytes: Uint8Array): Promise<string> {
  const stream = new DecompressionStream('gzip');
  const writer = stream.writable.getWriter();
  const written = writer.write(bytes as Uint8Array<ArrayBuffer>).then(() => writer.close());
  const decoder = new TextDecoder();
  const reader = stream.readable.getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await written;
  return text + decoder.decode();
}

/** The text to keep for an answer of `sizeBytes`, and the bytes it takes in the store. */
export async function keepText(text: string, sizeBytes: number): Promise<{ kept: KeptText; storedBytes: number }> {
  if (sizeBytes < COMPRESS_FROM_BYTES) return { kept: { text }, storedBytes: sizeBytes };
  const gzip = await gzipText(text);
  return { kept: { gzip }, storedBytes: gzip.byteLength };
}

/** The text back, as it was received. */
export function readKeptText(kept: KeptText): Promise<string> {
  return 'gzip' in kept ? gunzipText(kept.gzip) : Promise.resolve(kept.text);
}
