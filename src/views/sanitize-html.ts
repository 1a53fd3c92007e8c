// Upstream HTML (T's highlighted titles and descriptions) keeps only harmless inline markup:
// no scripts, no event handlers, no links or URLs of any kind, no styles.
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = ['span', 'b', 'strong', 'em', 'i', 'mark', 'p', 'br'];
const ALLOWED_ATTR = ['class'];

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false });
}

/** The text of an HTML fragment, for titles and alt text. */
export function htmlToText(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = sanitizeHtml(html);
  return template.content.textContent?.trim() ?? '';
}
