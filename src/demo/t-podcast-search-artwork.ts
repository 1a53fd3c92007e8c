// The T demo's podcast artwork: a small SVG per podcast, drawn from its id (the colours) and its
// title (the initials), as a `data:image/svg+xml` URL. The demo's answers thereby carry real
// images the app's pages may show (their CSP allows `data:` images) instead of URLs on a CDN
// that does not exist and that the page may not load. No randomness beyond the seed: the same
// podcast always gets the same bytes.
import { seedFrom } from './seeded.ts';

/** Words an initial is not taken from, unless the title has nothing else. */
const SMALL_WORDS = new Set(['a', 'an', 'and', 'of', 'the', 'to', 'on', 'in', 'for', 'with', 'at', 'by', '&']);

/** Up to two initials of a title, upper case: "The Daily Startup Show" → "DS". */
export function titleInitials(title: string): string {
  const words = title.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const significant = words.filter((word) => !SMALL_WORDS.has(word.toLowerCase()));
  const chosen = (significant.length > 0 ? significant : words).slice(0, 2);
  const initials = chosen.map((word) => /[\p{L}\p{N}]/u.exec(word)![0].toLocaleUpperCase('en-US')).join('');
  return initials || '?';
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The SVG markup of one podcast's cover, `size` pixels square. */
export function artworkSvg(id: string, title: string, size: number): string {
  const seed = seedFrom('T', 'artwork', id);
  const hue = seed % 360;
  const accent = (hue + 40 + ((seed >>> 9) % 80)) % 360;
  const saturation = 45 + ((seed >>> 17) % 25);
  // Dark enough behind white initials (contrast above 4.5:1 at any hue).
  const lightness = 24 + ((seed >>> 24) % 8);
  const cx = 30 + ((seed >>> 5) % 50);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="hsl(${hue} ${saturation}% ${lightness}%)"/>` +
    `<circle cx="${cx}" cy="100" r="48" fill="hsl(${accent} ${saturation}% ${lightness + 14}%)" opacity=".55"/>` +
    `<text x="50" y="50" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="38" font-weight="700" fill="#fff">${escapeXml(titleInitials(title))}</text>` +
    `</svg>`
  );
}

/** The cover as a `data:` URL, as the provider's `image` (large) or `thumbnail` (small) field. */
export function podcastArtwork(id: string, title: string, size: number): string {
  return `data:image/svg+xml,${encodeURIComponent(artworkSvg(id, title, size))}`;
}

/** The provider's image sizes: the cover and its thumbnail. */
export const IMAGE_SIZE = 600;
export const THUMBNAIL_SIZE = 200;
