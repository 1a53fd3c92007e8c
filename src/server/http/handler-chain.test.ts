import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runChain, type HandlerChain } from './handler-chain.ts';
import type { ChainHandler } from './handler-types.ts';

const req = {} as IncomingMessage;
const res = {} as ServerResponse;

function chainOf(handlers: ChainHandler[]) {
  const events: string[] = [];
  const chain: HandlerChain = {
    handlers,
    unhandled: () => events.push('unhandled'),
    failed: (error) => events.push(`failed: ${(error as Error).message}`),
  };
  return { chain, events };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('runChain', () => {
  it('asks handlers in order and stops at the first that answers, synchronously or not', async () => {
    const asked: string[] = [];
    const { chain, events } = chainOf([
      () => (asked.push('a'), false),
      () => (asked.push('b'), Promise.resolve(false)),
      () => (asked.push('c'), Promise.resolve(true)),
      () => (asked.push('d'), true),
    ]);
    runChain(chain, req, res);
    expect(asked).toEqual(['a', 'b']);
    await flush();
    expect(asked).toEqual(['a', 'b', 'c']);
    expect(events).toEqual([]);
  });

  it('answers synchronously when every handler decides at once', () => {
    const asked: string[] = [];
    const { chain, events } = chainOf([() => (asked.push('a'), false), () => (asked.push('b'), true), () => (asked.push('c'), true)]);
    runChain(chain, req, res);
    expect(asked).toEqual(['a', 'b']);
    expect(events).toEqual([]);
  });

  it('calls unhandled when every handler declines', async () => {
    const { chain, events } = chainOf([() => false, () => Promise.resolve(false)]);
    runChain(chain, req, res);
    await flush();
    expect(events).toEqual(['unhandled']);
  });

  it('reports a handler that throws or rejects, and asks no later handler', async () => {
    let later = 0;
    const thrown = chainOf([
      () => {
        throw new Error('sync');
      },
      () => (later++, true),
    ]);
    runChain(thrown.chain, req, res);
    const rejected = chainOf([() => Promise.reject(new Error('async')), () => (later++, true)]);
    runChain(rejected.chain, req, res);
    await flush();
    expect(thrown.events).toEqual(['failed: sync']);
    expect(rejected.events).toEqual(['failed: async']);
    expect(later).toBe(0);
  });

  it('reports an error of the unhandled answer itself', () => {
    const events: string[] = [];
    runChain(
      {
        handlers: [],
        unhandled: () => {
          throw new Error('envelope');
        },
        failed: (error) => events.push((error as Error).message),
      },
      req,
      res,
    );
    expect(events).toEqual(['envelope']);
  });

  it('answers an unhandled request with the per-request answer when one is given (Vite’s next)', async () => {
    const { chain, events } = chainOf([() => false, () => Promise.resolve(false)]);
    runChain(chain, req, res, () => events.push('next'));
    await flush();
    expect(events).toEqual(['next']);
  });
});
