// Reading an import off the page's thread: the file goes to a worker, which is ended once it
// answers; a worker that fails still ends in a refusal; without workers (jsdom) the same reading
// runs in-thread.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readImportInBackground, type ToImportWorker } from './import-client.ts';
import { readImportBlob, readImportFile } from './read-import-file.ts';

const notJson = '{\n  "format": lookup\n}';

/** A stand-in Worker: answers with what `respond` makes of the message, or fails. */
function fakeWorker(respond: (message: ToImportWorker) => Promise<unknown> | 'fail') {
  const made: Array<{ url: string; options: WorkerOptions; terminated: boolean; posted: ToImportWorker[] }> = [];
  class FakeWorker extends EventTarget {
    record: (typeof made)[number];
    constructor(url: URL, options: WorkerOptions) {
      super();
      this.record = { url: String(url), options, terminated: false, posted: [] };
      made.push(this.record);
    }
    postMessage(message: ToImportWorker) {
      this.record.posted.push(message);
      const answer = respond(message);
      if (answer === 'fail') setTimeout(() => this.dispatchEvent(Object.assign(new Event('error'), { message: 'Out of memory' })));
      else void answer.then((data) => this.dispatchEvent(new MessageEvent('message', { data })));
    }
    terminate() {
      this.record.terminated = true;
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return made;
}

afterEach(() => vi.unstubAllGlobals());

describe('reading an import in the background', () => {
  it('reads in-thread where there are no workers, as the worker would', async () => {
    expect(typeof Worker).toBe('undefined');
    expect(await readImportInBackground(new Blob([notJson]), 5)).toEqual(readImportFile(notJson, 5));
  });

  it('hands the file to a module worker and ends it once it answers', async () => {
    const made = fakeWorker((message) => readImportBlob(message.file, message.now));
    const file = new Blob([notJson]);
    const read = await readImportInBackground(file, 7);
    expect(read).toEqual({ ok: false, message: 'This file is not valid JSON: line 2, column 13: unexpected “l”.' });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ options: { type: 'module' }, terminated: true, posted: [{ file, now: 7 }] });
    expect(made[0]!.url).toMatch(/\/import-worker\.ts(\?|$)/);
  });

  it('refuses the file with the reason when the worker itself fails', async () => {
    const made = fakeWorker(() => 'fail');
    expect(await readImportInBackground(new Blob(['{}']))).toEqual({ ok: false, message: 'This file could not be read: Out of memory.' });
    expect(made[0]!.terminated).toBe(true);
  });

  it('turns a file that cannot be read into a refusal, not an uncaught error', async () => {
    const unreadable = { arrayBuffer: () => Promise.reject(new Error('the file changed on disk')) } as unknown as Blob;
    expect(await readImportBlob(unreadable)).toEqual({ ok: false, message: 'This file could not be read: the file changed on disk.' });
  });
});

describe('a file that is not UTF-8', () => {
  it('is refused as not UTF-8, not as a stray character of JSON', async () => {
    // "[1]" in UTF-16 (little-endian, with its byte-order mark): valid text, but not UTF-8.
    const utf16 = new Blob([new Uint8Array([0xff, 0xfe, 0x5b, 0x00, 0x31, 0x00, 0x5d, 0x00])]);
    expect(await readImportBlob(utf16)).toEqual({
      ok: false,
      message: 'This file is not UTF-8 text. Save it as JSON in UTF-8 and import it again.',
    });
    const utf8 = new Blob([new TextEncoder().encode('{"format": "lookup-explorer-collections", "version": 1, "collections": []}')]);
    expect((await readImportBlob(utf8)).ok).toBe(true);
  });
});
