// @vitest-environment node
// Keys are server-side only: a build made while keys and base URLs are configured holds none of them.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite';

const KEY = 'key-that-must-never-reach-a-browser-7f3a';
const BASE_URL = 'https://provider-that-stays-private.invalid/v3';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('the browser bundle', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'bundle-secrets-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('holds no configured key or base URL', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { LOOKUP_A_KEY: KEY, LOOKUP_A_BASE_URL: BASE_URL, LOOKUP_T_KEY: KEY, VITE_LOOKUP_A_KEY: KEY });
    try {
      await build({ configFile: join(process.cwd(), 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    } finally {
      process.env = saved;
    }
    const files = filesUnder(outDir);
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, 'latin1');
      expect(text.includes(KEY), `${file} holds the key`).toBe(false);
      expect(text.includes('provider-that-stays-private'), `${file} holds the base URL`).toBe(false);
    }
  }, 60_000);
});
