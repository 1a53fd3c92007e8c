// Everything the evidence pack writes into its HTML passes through here: answers are third-party
// text, and a value like `<img src=x onerror=…>` must read as text, never run or load.
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  const text =
    typeof value === 'string'
      ? value
      : value === undefined || value === null
        ? ''
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** A data: URL of a PNG image is the only URL the pack holds; anything else is left out. */
export function safeImageUrl(url: string | undefined): string | undefined {
  return url && /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/.test(url) ? url : undefined;
}
