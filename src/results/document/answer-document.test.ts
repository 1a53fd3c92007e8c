// The page's handle on an answer's document: a small answer is asked on the page; a large one is
// sent once, as text, to a module worker (driven here by a stand-in running the worker's own
// handler) and asked by message; a worker that fails ends every question with the reason.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFF_THREAD_FROM, openAnswerDocument } from './answer-document.ts';
import { stubDocumentWorker } from './testing/fake-document-worker.ts';

const body = {
  items: [
    { id: 1, name: 'north' },
    { id: 2, name: 'south' },
  ],
};
const text = JSON.stringify(body);

afterEach(() => vi.unstubAllGlobals());

describe('openAnswerDocument', () => {
  it('answers a small document on the page, from the value it already holds', async () => {
    stubDocumentWorker();
    const readText = vi.fn(() => text);
    const document = openAnswerDocument({ value: body, text: readText, size: text.length });
    expect(document.offThread).toBe(false);
    expect(await document.query('$.items[?(@.id == 2)].name')).toMatchObject({
      ok: true,
      total: 1,
      matches: [{ id: '$.items[1].name', preview: '"south"' }],
    });
    expect(await document.find('NORTH')).toMatchObject({ ok: true, total: 1, matches: [{ id: '$.items[0].name', where: 'value' }] });
    expect(await document.lineOf(['items', 1])).toBe(JSON.stringify(body, null, 2).split('\n').indexOf('    {', 3));
    expect(readText).not.toHaveBeenCalled();
  });

  it('sends a large document to a module worker once, as text, and asks it by message', async () => {
    const made = stubDocumentWorker();
    const document = openAnswerDocument({ value: body, text: () => text, size: OFF_THREAD_FROM });
    expect(document.offThread).toBe(true);
    expect(made).toHaveLength(1);
    expect(made[0]!.url).toMatch(/\/document-worker\.ts(\?|$)/);
    expect(made[0]!.options).toMatchObject({ type: 'module' });
    expect(await document.query('$..name')).toMatchObject({
      ok: true,
      total: 2,
      matches: [{ id: '$.items[0].name' }, { id: '$.items[1].name' }],
    });
    expect(await document.query('$..[')).toMatchObject({ ok: false, at: 4 });
    const pretty = await document.pretty();
    expect(pretty.text).toBe(JSON.stringify(body, null, 2));
    expect(await document.pretty()).toBe(pretty);
    expect(made[0]!.posted.map((message) => message.type)).toEqual(['load', 'ask', 'ask', 'ask']);
    expect(made[0]!.posted[0]).toEqual({ type: 'load', text });
    document.close();
    expect(made[0]!.terminated).toBe(true);
    await expect(document.find('x')).rejects.toThrow('The search was closed.');
  });

  it('ends every question with the reason when the worker fails or cannot read the text', async () => {
    stubDocumentWorker('fail');
    const failing = openAnswerDocument({ value: body, text: () => text, size: OFF_THREAD_FROM });
    await expect(failing.find('north')).rejects.toThrow('The search stopped: Out of memory.');
    await expect(failing.query('$')).rejects.toThrow('The search stopped: Out of memory.');

    stubDocumentWorker();
    const unreadable = openAnswerDocument({ value: body, text: () => '{"cut": [1, 2', size: OFF_THREAD_FROM });
    await expect(unreadable.find('1')).rejects.toThrow(/^The body could not be read: /);
  });

  it('stays on the page where there are no workers (jsdom), whatever the size', async () => {
    expect(typeof Worker).toBe('undefined');
    const document = openAnswerDocument({ value: body, text: () => text, size: 10 * OFF_THREAD_FROM });
    expect(document.offThread).toBe(false);
    expect(await document.find('south')).toMatchObject({ total: 1 });
  });
});
