// Builds the MCP Apps views (src/mcp-app/) with every `vite build`, after the app's own build, as a
// build of their own: one HTML document, `dist/mcp-app/app.html`, with its script and styles inline
// (a host shows it from the text of a `ui://` resource, so there is no second file it could fetch),
// never a chunk of the app's pages. Its own Content-Security-Policy allows that one script (by its
// hash), inline styles and data: images, and no network at all. Two heavy modules are left out (LEFT_OUT).
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Plugin } from 'vite';

const APP_ROOT = 'src/mcp-app';
export const APP_DOCUMENT = 'app.html';
/** Under the app's build folder. */
export const APP_OUT_DIR = 'mcp-app';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The document's policy: its one script, inline styles, data: images; nothing fetched, framed or sent. */
export function appPolicy(script: string): string {
  return [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    'font-src data:',
    "connect-src 'none'",
    "worker-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** Text that cannot end the inline element it is written into. */
const safeInline = (text: string, tag: 'script' | 'style') => text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');

/** The built document with its script and stylesheet written into it, and the policy that allows just them. */
export function inlineDocument(html: string, script: string, styles: string): string {
  const code = safeInline(script, 'script');
  const withoutFiles = html
    .replace(/<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>\s*/gi, '')
    .replace(/<link\b[^>]*\brel="(?:stylesheet|modulepreload)"[^>]*>\s*/gi, '');
  const head = `<meta http-equiv="Content-Security-Policy" content="${appPolicy(code)}" />\n    <style>${safeInline(styles, 'style')}</style>`;
  return withoutFiles
    .replace(/<meta charset="utf-8"\s*\/?>/i, (charset) => `${charset}\n    ${head}`)
    .replace(/<\/body>/i, () => `<script type="module">${code}</script>\n  </body>`);
}

/** Writes the chunk and the CSS into the document, and leaves the document the build's only file. */
function inlineIntoDocument(): Plugin {
  return {
    name: 'lookup-mcp-app-inline',
    // After Vite's own generateBundle hooks: its HTML is written and its preload markers replaced.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = Object.values(bundle);
        const document = files.find((file) => file.type === 'asset' && file.fileName === APP_DOCUMENT);
        const entry = files.find((file) => file.type === 'chunk' && file.isEntry);
        if (document?.type !== 'asset' || entry?.type !== 'chunk') throw new Error(`The MCP app build has no ${APP_DOCUMENT} or entry`);
        const styles = files
          .filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'))
          .map((file) => (file.type === 'asset' ? String(file.source) : ''))
          .join('\n');
        document.source = inlineDocument(String(document.source), entry.code, styles);
        for (const name of Object.keys(bundle)) if (name !== APP_DOCUMENT) delete bundle[name];
      },
    },
  };
}

/**
 * Modules the views leave out, each replaced by what it exports as a stand-in: the demo world's
 * streets (about 810 kB, drawn only over the page's demo answers; the views never ask for them) and
 * the map's PDF export (jsPDF and what it brings, about 1.3 MB; its button says where to make one).
 */
const LEFT_OUT: ReadonlyArray<{ module: RegExp; standIn: string }> = [
  { module: /[\\/]src[\\/]demo[\\/]demo-streets\.ts$/, standIn: 'export const demoStreets = undefined;' },
  {
    module: /[\\/]src[\\/]map[\\/]export[\\/]pdf\.ts$/,
    standIn:
      "export function sheetPdf() { throw new Error('a PDF is made on the lookup’s page (Open in Lookup Explorer); here, Export PNG'); }",
  },
];

function leaveOut(): Plugin {
  return {
    name: 'lookup-mcp-app-left-out',
    enforce: 'pre',
    load(id) {
      return LEFT_OUT.find(({ module }) => module.test(id))?.standIn;
    },
  };
}

export function mcpAppBuildConfig(outDir: string): InlineConfig {
  return {
    configFile: false,
    root: resolve(APP_ROOT),
    base: './',
    logLevel: 'warn',
    plugins: [react(), leaveOut(), inlineIntoDocument()],
    build: {
      outDir: resolve(outDir),
      emptyOutDir: true,
      sourcemap: false,
      // Leaflet's images and anything else small or large: written into the document as data: URLs.
      assetsInlineLimit: () => true,
      cssCodeSplit: false,
      modulePreload: false,
      chunkSizeWarningLimit: 2_000,
      rolldownOptions: {
        input: resolve(APP_ROOT, APP_DOCUMENT),
        // One script: lazy imports (the map's outline data, its cluster tree) are written into it.
        output: { codeSplitting: false },
      },
    },
  };
}

/** After the app's build, the MCP app's, into `<outDir>/mcp-app/`. */
export function mcpAppBuildPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lookup-mcp-app-build',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build(mcpAppBuildConfig(resolve(outDir, APP_OUT_DIR)));
    },
    // The bundler's note that a closeBundle took seconds: this one is a whole build, on purpose.
    onLog(_level, log) {
      if (log.code === 'PLUGIN_TIMINGS' && log.message.includes('lookup-mcp-app-build')) return false;
    },
  };
}
