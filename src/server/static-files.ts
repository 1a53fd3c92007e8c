// Serves the built app: files with their content types, long immutable caching for Vite's
// hashed /assets/*, gzip when the browser accepts it, and index.html for any other page URL so
// client-side routes survive a reload. Every file is sent with the given security headers (the
// production server passes the app's Content-Security-Policy and friends, security-headers.ts).
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { splitTarget } from './http/request-target.ts';
import { LOOKUP_HTML } from './route-html-plugin.ts';
import type { RequestHandler } from './http/handler-types.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  // The SQL engine's module: compiled while it downloads only when served as application/wasm. Not
  // gzipped here: its 34 MB would hold the server's thread for seconds (a proxy in front may).
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A path segment starting with a dot: never served. */
const HIDDEN_SEGMENT = /(^|[/\\])\./;
/** Below this size gzip saves less than its own overhead. */
const MIN_GZIP_BYTES = 1024;

interface StaticFile {
  type: string;
  raw: Buffer;
  gzip?: Buffer;
  etag: string;
}

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

function acceptsGzip(req: IncomingMessage): boolean {
  return /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
}

function acceptsHtml(req: IncomingMessage): boolean {
  const accept = String(req.headers.accept ?? '');
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

export function createStaticHandler(distDir: string, securityHeaders: Readonly<Record<string, string>> = {}): RequestHandler {
  const root = resolve(distDir);
  // The build does not change while the server runs, so each file is read (and gzipped) once.
  const cache = new Map<string, Promise<StaticFile | undefined>>();

  async function load(file: string): Promise<StaticFile | undefined> {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const raw = await readFile(file);
    const type = contentTypeOf(file);
    const gzipped = COMPRESSIBLE.test(type) && raw.length >= MIN_GZIP_BYTES ? gzipSync(raw) : undefined;
    const gzip = gzipped && gzipped.length < raw.length ? gzipped : undefined;
    return { type, raw, etag: `"${info.size.toString(36)}-${Math.round(info.mtimeMs).toString(36)}"`, ...(gzip && { gzip }) };
  }

  function fileAt(urlPath: string): Promise<StaticFile | undefined> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return Promise.resolve(undefined);
    }
    const file = join(root, decoded);
    if (decoded.includes('\0') || (file !== root && !file.startsWith(root + sep))) return Promise.resolve(undefined);
    // Dotfiles and dot-folders (a build's .vite/manifest.json, an editor's leftovers) are not the app.
    if (HIDDEN_SEGMENT.test(decoded)) return Promise.resolve(undefined);
    let entry = cache.get(file);
    if (!entry) cache.set(file, (entry = load(file)));
    return entry;
  }

  function send(req: IncomingMessage, res: ServerResponse, file: StaticFile, cacheControl: string): void {
    const headers: Record<string, string> = {
      ...securityHeaders,
      'content-type': file.type,
      'cache-control': cacheControl,
      etag: file.etag,
      vary: 'Accept-Encoding',
    };
    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const useGzip = file.gzip !== undefined && acceptsGzip(req);
    const body = useGzip ? file.gzip! : file.raw;
    if (useGzip) headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const { path } = splitTarget(req.url ?? '/');
    const file = path.endsWith('/') ? undefined : await fileAt(path);
    if (file) {
      send(req, res, file, path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      return true;
    }
    // A missing hashed asset is a real 404, never the app's HTML.
    if (path.startsWith('/assets/') || !acceptsHtml(req)) return false;
    // A lookup route gets the page that preloads the lookup page's code, and for /lookups/<slug>
    // that lookup's definition too (route-html-plugin.ts).
    const lookupRoute = path.startsWith('/lookups/');
    const page =
      (lookupRoute && !path.endsWith('/') && (await fileAt(`${path}.html`))) ||
      (lookupRoute && (await fileAt(`/${LOOKUP_HTML}`))) ||
      (await fileAt('/index.html'));
    if (!page) return false;
    send(req, res, page, 'no-cache');
    return true;
  };
}
