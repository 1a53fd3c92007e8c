// The Bruno collection as one zip file. Loaded on the click that asks for it, so the zip writer
// (fflate) is a chunk of its own that no page downloads until then.
import { strToU8, zipSync } from 'fflate';
import type { BrunoFile } from './bruno-collection.ts';

export function zipFiles(files: readonly BrunoFile[]): Uint8Array<ArrayBuffer> {
  const zippable: Record<string, Uint8Array> = {};
  for (const file of files) zippable[file.path] = strToU8(file.text);
  return zipSync(zippable, { level: 6 }) as Uint8Array<ArrayBuffer>;
}
