// What importing one of the project's modules costs a fresh Node process (`node --import tsx`, as
// `npm start` runs): how long the import takes, and every module it resolves (by a resolve hook
// that posts each URL to the main thread). For tests and benchmarks of the server's start-up.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const hook = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}
`;

function runNode(code: string): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`importing failed:\n${result.stderr}`);
  return result.stdout.trim().split('\n').at(-1)!;
}

const urlOf = (file: string) => JSON.stringify(pathToFileURL(resolve(file)).href);

/** Milliseconds `file` (relative to the working directory) takes to import in a new process. */
export function importMs(file: string): number {
  return JSON.parse(
    runNode(`const started = performance.now(); await import(${urlOf(file)}); console.log(JSON.stringify(performance.now() - started));`),
  ) as number;
}

/** The URLs of every module importing `file` resolves (ES module imports; a CommonJS package's own require calls are not seen). */
export function modulesImportedBy(file: string): string[] {
  const code = `
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const urls = new Set();
port1.on('message', (url) => urls.add(url));
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}), { data: { port: port2 }, transferList: [port2] });
await import(${urlOf(file)});
// The hook posts from its own thread: let the last messages arrive.
await new Promise((done) => setTimeout(done, 200));
port1.close();
console.log(JSON.stringify([...urls]));
`;
  return JSON.parse(runNode(code)) as string[];
}

/** The npm packages among `urls`, each once, sorted. */
export function packagesOf(urls: readonly string[]): string[] {
  const names = urls
    .map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1])
    .filter((name): name is string => name !== undefined);
  return [...new Set(names)].sort();
}
