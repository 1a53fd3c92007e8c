import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW, MAX_WINDOW_DAYS, readDossierUrl, windowDays, windowProblem } from './dossier-url.ts';

describe('the dossier URL’s time window', () => {
  it('is the spec’s examples’ week when the URL names none, shown as its first and last day', () => {
    const anchor = readDossierUrl('?lat=37.7749&lon=-122.4194');
    expect(anchor).toMatchObject({ kind: 'point', window: DEFAULT_WINDOW });
    expect(windowDays(DEFAULT_WINDOW)).toEqual({ since: '2024-05-01', until: '2024-05-07' });
  });

  it('reads since and until as whole days, both included', () => {
    const anchor = readDossierUrl('?from=d&recordid=1&since=2026-11-01&until=2026-11-07');
    expect(anchor).toEqual({
      kind: 'record',
      from: 'd',
      radius: 1609,
      window: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-07T23:59:59.999Z' },
    });
    if (anchor.kind !== 'record') throw new Error('a record dossier');
    expect(windowDays(anchor.window)).toEqual({ since: '2026-11-01', until: '2026-11-07' });
  });

  it('says what is wrong with a window instead of sending it', () => {
    const problems = (search: string) => {
      const anchor = readDossierUrl(search);
      return anchor.kind === 'invalid' ? anchor.problems : [];
    };
    expect(problems('?lat=1&lon=1&since=2026-11-01')).toEqual(['since and until go together (both days included, YYYY-MM-DD)']);
    expect(problems('?lat=1&lon=1&since=2026-11-31&until=2026-12-01')).toEqual(['since must be a date (YYYY-MM-DD)']);
    expect(problems('?lat=1&lon=1&since=2026-11-08&until=2026-11-01')).toEqual(['until must be on or after since']);
    expect(problems('?lat=1&lon=1&since=2025-01-01&until=2026-11-01')).toEqual([`the window may span at most ${MAX_WINDOW_DAYS} days`]);
  });

  it('names the field at fault', () => {
    expect(windowProblem('01/11/2026', '2026-11-07')?.field).toBe('since');
    expect(windowProblem('2026-11-07', '2026-11-01')?.field).toBe('until');
    expect(windowProblem('2026-11-01', '2026-11-01')).toBeUndefined();
  });
});
