import { describe, expect, it } from 'vitest';
import { createItemSchema, editItemSchema, sharedItemUrl, teamItemSummarySchema } from './team-wire.ts';

describe('the workspace wire', () => {
  it('refuses an empty title and a body that is not an object, at their fields', () => {
    const result = createItemSchema.safeParse({ kind: 'query', visibility: 'team', title: '  ', body: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['body', 'title']);
  });

  it('needs the version an edit was made from', () => {
    expect(editItemSchema.safeParse({ visibility: 'private', title: 'Mine', body: {} }).success).toBe(false);
    expect(editItemSchema.safeParse({ visibility: 'private', title: 'Mine', body: {}, version: 3 }).success).toBe(true);
  });

  it('holds ids to URL-safe text', () => {
    const summary = { kind: 'sql', visibility: 'team', title: 'T', owner: 'bob', version: 1, createdAt: '', updatedAt: '', bytes: 2 };
    expect(teamItemSummarySchema.safeParse({ ...summary, id: 'abcDEF12_-' }).success).toBe(true);
    expect(teamItemSummarySchema.safeParse({ ...summary, id: '../etc/passwd' }).success).toBe(false);
    expect(sharedItemUrl('abcDEF12_-')).toBe('/shared/abcDEF12_-');
  });
});
