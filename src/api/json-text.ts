// A JSON body read as the page reads it: an empty or malformed body is a reason, never thrown. One
// module for the fetcher and the worker that reads big answers, so both say the same words.
export type Parsed = { body: unknown; parseError?: string };

export function parseJsonText(text: string): Parsed {
  if (text.trim() === '') return { body: undefined, parseError: 'The body is empty' };
  try {
    return { body: JSON.parse(text) as unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { body: undefined, parseError: `Not valid JSON: ${reason}` };
  }
}
