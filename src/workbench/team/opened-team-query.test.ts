import { describe, expect, it } from 'vitest';
import { openedQueryState, openedTeamQuery } from './opened-team-query.ts';

describe('the team query a page was opened with', () => {
  const item = { id: 'item-query01', title: 'Springfield', owner: 'alice', version: 3 };

  it('reads back the state that opened it', () => {
    expect(openedTeamQuery(openedQueryState(item))).toEqual(item);
  });

  it('reads nothing from any other state: none, another page’s, or one a version of the app wrote otherwise', () => {
    for (const state of [null, undefined, 'x', { from: '/saved' }, { teamQuery: { ...item, version: 0 } }, { teamQuery: { id: 'x' } }])
      expect(openedTeamQuery(state)).toBeUndefined();
  });
});
