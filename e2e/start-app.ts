// A production server of the spec's own (`tsx src/server/start.ts`), for specs that need a
// configuration the shared server of playwright.config.ts does not have (an access mode, a live
// lookup). It listens on a free port; the promise resolves to the child and its origin once the
// server says where it listens, and rejects with its output if it exits or is silent for 30 s.
import { spawn, type ChildProcess } from 'node:child_process';

export function startApp(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const origin = /Lookup Explorer on (http:\/\/[^/\s]+)\//.exec(output)?.[1];
      if (origin) {
        clearTimeout(timer);
        resolve({ child, origin });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}):\n${output}`));
    });
  });
}
