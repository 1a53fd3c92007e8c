import './zod-config.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { config } from 'zod/v4/core';

describe('zod-config', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns on the jitless mode of the zod the app imports', () => {
    expect(config().jitless).toBe(true);
  });

  it('lets zod build and parse an object schema without evaluating code (what the CSP forbids)', () => {
    let evaluated = 0;
    const counting = new Proxy(Function, {
      construct(target, args: string[]) {
        evaluated += 1;
        return Reflect.construct(target, args) as object;
      },
    });
    vi.stubGlobal('Function', counting);
    const schema = z.object({ name: z.string(), count: z.number().int(), tags: z.array(z.string()).optional() });
    for (let run = 0; run < 3; run += 1)
      expect(schema.parse({ name: 'a', count: run, tags: ['x'] })).toEqual({ name: 'a', count: run, tags: ['x'] });
    expect(evaluated).toBe(0);
  });
});
