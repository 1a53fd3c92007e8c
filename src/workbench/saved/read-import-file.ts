// One door for every file the import accepts: a collections file of this app, or a Postman
// collection. Either way the text must be JSON first; its line and column say where it is not.
import { readCollectionsValue } from './collection-file.ts';
import type { ReadFile } from './collection-format.ts';
import { describeJsonError, parseJson } from './json-syntax.ts';
import { looksLikePostman, readPostmanValue } from './postman-import.ts';

export function readImportFile(text: string, now = Date.now()): ReadFile {
  if (text.trim() === '') return { ok: false, message: 'This file is empty.' };
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, message: `This file is not valid JSON: ${describeJsonError(parsed.error)}.` };
  return looksLikePostman(parsed.value) ? readPostmanValue(parsed.value, now) : readCollectionsValue(parsed.value);
}

/** Reads a chosen file; whatever goes wrong (a file too large for memory, say) is a refusal with its reason, never a silent failure. */
export async function readImportBlob(file: Blob, now = Date.now()): Promise<ReadFile> {
  try {
    const bytes = await file.arrayBuffer();
    const text = decodeUtf8(bytes);
    if (text === undefined) return { ok: false, message: 'This file is not UTF-8 text. Save it as JSON in UTF-8 and import it again.' };
    return readImportFile(text, now);
  } catch (error) {
    return { ok: false, message: `This file could not be read: ${error instanceof Error ? error.message : String(error)}.` };
  }
}

/** The bytes as UTF-8 text; undefined when they are not UTF-8 (said as such, not as a stray character of JSON). */
function decodeUtf8(bytes: ArrayBuffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
