// Copyable code for the upstream request: curl, JavaScript fetch and Python requests.
// They use the `<API_KEY>` placeholder and `{base_url}`; nothing else that looks like a key.
// Besides them, a ready-to-run curl against this server's proxy, which needs neither.
import type { UpstreamRequest } from './describe-request.ts';
import { BASE_URL_PLACEHOLDER } from './describe-request.ts';
import { MASK_OFF, MASK_REQUEST_HEADER } from '../../lookups/wire.ts';

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlSnippet(request: UpstreamRequest): string {
  const lines = [`curl -sS -X ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body) lines.push(`  --data ${shellQuote(JSON.stringify(request.body))}`);
  return lines.join(' \\\n');
}

/**
 * A curl that runs as it is, against this server's proxy at `origin` (e.g. `http://localhost:5173`):
 * no key and no `{base_url}`, because the proxy knows both and adds the key itself. A body goes as
 * JSON with its content type; a POST carries this origin as `Origin`, which the proxy's
 * cross-site guard requires of anything but a GET.
 */
export function proxyCurlSnippet(request: UpstreamRequest, origin: string, { unmasked = false }: { unmasked?: boolean } = {}): string {
  const base = origin.replace(/\/+$/, '');
  const lines = [`curl -sS -X ${request.method} ${shellQuote(`${base}${request.proxyUrl}`)}`];
  // What the page shows: with masking switched off there, the command asks for the same.
  if (unmasked) lines.push(`  -H ${shellQuote(`${MASK_REQUEST_HEADER}: ${MASK_OFF}`)}`);
  if (request.body) lines.push(`  -H ${shellQuote('Content-Type: application/json')}`);
  if (request.method !== 'GET') lines.push(`  -H ${shellQuote(`Origin: ${base}`)}`);
  if (request.body) lines.push(`  --data ${shellQuote(JSON.stringify(request.body))}`);
  return lines.join(' \\\n');
}

export function fetchSnippet(request: UpstreamRequest): string {
  const options: string[] = [`  method: '${request.method}',`];
  if (request.headers.length > 0) {
    const headers = request.headers.map(([name, value]) => `    ${JSON.stringify(name)}: ${JSON.stringify(value)},`);
    options.push('  headers: {', ...headers, '  },');
  }
  if (request.body) options.push(`  body: JSON.stringify(${JSON.stringify(request.body, null, 2).replace(/\n/g, '\n  ')}),`);
  return [
    `const response = await fetch(${JSON.stringify(request.url)}, {`,
    ...options,
    '});',
    'if (!response.ok) throw new Error(`HTTP ${response.status}`);',
    'const data = await response.json();',
    'console.log(data);',
  ].join('\n');
}

/** A JSON value written as a Python literal (True/False/None differ from JSON). */
export function pythonLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)},`).join('\n')}\n${indent}}`;
}

export function pythonSnippet(request: UpstreamRequest): string {
  const url = `${BASE_URL_PLACEHOLDER}${request.path}`;
  const args = [`    ${JSON.stringify(url)},`];
  if (request.query.length > 0) args.push(`    params=${pythonLiteral(Object.fromEntries(request.query), '    ')},`);
  const headers = request.headers.filter(([name]) => name.toLowerCase() !== 'content-type' || !request.body);
  if (headers.length > 0) args.push(`    headers=${pythonLiteral(Object.fromEntries(headers), '    ')},`);
  if (request.body) args.push(`    json=${pythonLiteral(request.body, '    ')},`);
  args.push('    timeout=30,');
  return [
    'import requests',
    '',
    `response = requests.${request.method.toLowerCase()}(`,
    ...args,
    ')',
    'response.raise_for_status()',
    'print(response.json())',
  ].join('\n');
}
