// A body's text read as the viewer reads it: JSON, or XML for XML operations.
import type { AnyOperation } from '../lookups/define-lookup.ts';
import { parseJsonText, type Parsed } from './json-text.ts';

export type { Parsed } from './json-text.ts';

/** JSON, or XML for XML operations; a malformed body is kept as text with the reason, never thrown. */
export async function parseBody(text: string, contentType: string, operation: AnyOperation): Promise<Parsed> {
  const looksXml = /xml/i.test(contentType) || (operation.format === 'xml' && !/json/i.test(contentType));
  if (!looksXml || text.trim() === '') return parseJsonText(text);
  try {
    // The XML parser is its own chunk: only B's XML operation ever needs it.
    const { fromXml } = await import('../lookups/xml.ts');
    return { body: fromXml(text, operation) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { body: undefined, parseError: `Could not read the XML body: ${reason}` };
  }
}
