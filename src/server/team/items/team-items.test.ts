// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { itemStoreWarning } from './team-items.ts';

describe('where a team server keeps its items', () => {
  it('warns a team server without Redis that its items end with the process, and no other', () => {
    expect(itemStoreWarning({}, true)).toMatch(/kept in this process’s memory and are lost when it stops; set LOOKUP_REDIS_URL/);
    expect(itemStoreWarning({ LOOKUP_REDIS_URL: 'redis://127.0.0.1:6379' }, true)).toBeUndefined();
    expect(itemStoreWarning({}, false)).toBeUndefined();
  });
});
