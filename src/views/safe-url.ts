// Links and media from upstream bodies are followed only when they are plain http(s) URLs:
// a `javascript:` or `data:` URL in a body must never become a clickable link.
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
