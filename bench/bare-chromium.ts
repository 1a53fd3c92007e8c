// Chromium driven over its DevTools pipe with only the Page, Runtime and DOM domains: no Network
// domain, unlike a Playwright page, whose DevTools network agent keeps up to 200 MB of response
// bodies in the renderer (for getResponseBody) — memory a user's browser never holds. For figures
// about the browser's own memory. A fresh on-disk profile, so IndexedDB lives on disk as a user's.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export interface BarePage {
  /** Runs `expression` in the page and returns its (JSON) value; awaits a promise it returns. */
  evaluate<T>(expression: string): Promise<T>;
  /** Polls `expression` every `intervalMs` until it is truthy. */
  waitFor(expression: string, timeoutMs: number, intervalMs?: number): Promise<void>;
  /** Sets the files of the first element matching `selector` (an `<input type="file">`). */
  setInputFiles(selector: string, paths: string[]): Promise<void>;
}

export interface BareChromium {
  /** The browser process (the root of the process tree to measure). */
  pid: number;
  /** A new tab with `initScript` run before the page's own scripts, navigated to `url`. */
  open(url: string, initScript: string): Promise<BarePage>;
  close(): Promise<void>;
}

/** What Playwright's own launch switches off that would otherwise run beside the page (updates, throttling, first-run UI). */
const QUIET = [
  '--disable-field-trial-config',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-ipc-flooding-protection',
  '--disable-hang-monitor',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-breakpad',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--metrics-recording-only',
  '--password-store=basic',
  '--disable-sync',
  '--mute-audio',
];

/**
 * Launches Chromium with `args`; every host but 127.0.0.1 fails to resolve (nothing reaches the
 * network, as the Playwright benches' routes ensure).
 */
export async function launchBareChromium(executablePath: string, args: readonly string[]): Promise<BareChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'bare-chromium-'));
  const switches = [
    ...QUIET,
    ...args,
    '--headless',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    '--remote-debugging-pipe',
    `--user-data-dir=${profile}`,
  ];
  const child: ChildProcess = spawn(executablePath, [...switches, '--no-startup-window'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let buffered = '';
  fromBrowser.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end)) as { id?: number; result?: unknown; error?: { message: string } };
      buffered = buffered.slice(end + 1);
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting) continue; // An event: nothing here listens to any.
      pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    }
  });
  // A browser that exits (or never starts) fails whatever was waiting on it rather than hanging the bench.
  child.once('exit', (code, signal) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`Chromium exited (${signal ?? code})`));
    pending.clear();
  });
  const send = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = (nextId += 1);
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) })}\0`);
    });

  const evaluateIn = async <T>(sessionId: string, expression: string): Promise<T> => {
    const { result, exceptionDetails } = await send<{
      result: { value?: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId);
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value as T;
  };

  await send('Browser.getVersion');
  return {
    pid: child.pid!,
    async open(url, initScript) {
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
      await send('Page.enable', {}, sessionId);
      await send('Page.addScriptToEvaluateOnNewDocument', { source: initScript }, sessionId);
      await send('Page.navigate', { url }, sessionId);
      const page: BarePage = {
        evaluate: (expression) => evaluateIn(sessionId, expression),
        async waitFor(expression, timeoutMs, intervalMs = 250) {
          const until = Date.now() + timeoutMs;
          while (!(await evaluateIn<boolean>(sessionId, `Boolean(${expression})`).catch(() => false))) {
            if (Date.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${expression}`);
            await new Promise((resolve) => setTimeout(resolve, intervalMs));
          }
        },
        async setInputFiles(selector, files) {
          const { root } = await send<{ root: { nodeId: number } }>('DOM.getDocument', { depth: 0 }, sessionId);
          const { nodeId } = await send<{ nodeId: number }>('DOM.querySelector', { nodeId: root.nodeId, selector }, sessionId);
          await send('DOM.setFileInputFiles', { files, nodeId }, sessionId);
        },
      };
      await page.waitFor(`document.readyState === 'complete' && location.href === ${JSON.stringify(url)}`, 30_000);
      return page;
    },
    async close() {
      await send('Browser.close').catch(() => {});
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
