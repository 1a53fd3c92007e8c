// The MCP App's document: its script and styles written in, the files they came from gone, and a
// policy that allows exactly that script (by its hash), no network and no frames.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineDocument } from './mcp-app-plugin.ts';

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Lookup Explorer</title>
    <script type="module" crossorigin src="./assets/app-abc.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/app-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const policyOf = (html: string) => /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
const inlineScript = (html: string) => /<script type="module">([\s\S]*)<\/script>/.exec(html)?.[1];

describe('the MCP App document', () => {
  const script = 'const end = "</script>"; console.log(end);';
  const html = inlineDocument(BUILT, script, '.a { color: red }');

  it('carries its script and styles inline and no file to fetch', () => {
    expect(html).not.toContain('src="./assets');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<style>.a { color: red }</style>');
    // A "</script" in the code cannot end the element early.
    expect(inlineScript(html)).toBe('const end = "<\\/script>"; console.log(end);');
  });

  it('allows exactly its own script, by hash, and no network, worker or frame', () => {
    const policy = policyOf(html)!;
    const hash = createHash('sha256').update(inlineScript(html)!, 'utf8').digest('base64');
    expect(policy).toContain(`script-src 'sha256-${hash}'`);
    for (const directive of ["default-src 'none'", "connect-src 'none'", "worker-src 'none'", "frame-src 'none'", "form-action 'none'"])
      expect(policy).toContain(directive);
    expect(policy).not.toMatch(/https?:|unsafe-eval/);
  });

  it('puts the policy before anything it governs', () => {
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style>'));
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  });
});
