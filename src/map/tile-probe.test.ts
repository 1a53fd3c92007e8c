import { afterEach, describe, expect, it, vi } from 'vitest';
import { markTilesUnreachable, probeTiles, resetTileProbe, RETRY_AFTER_MS } from './tile-probe.ts';

const TEMPLATE = 'https://tiles.example/{z}/{x}/{y}.png';

afterEach(() => resetTileProbe());

/** A loader that answers every image with `loaded`, counting the requests. */
function loader(loaded: boolean) {
  return vi.fn(async (_url: string) => loaded);
}

describe('probeTiles', () => {
  it('asks for one tile, shared by every map of the page while it is pending and once it loaded', async () => {
    const load = loader(true);
    const [first, second] = await Promise.all([
      probeTiles(TEMPLATE, 'https://tiles.example/2/1/1.png', { load }),
      probeTiles(TEMPLATE, 'https://tiles.example/3/2/2.png', { load }),
    ]);
    expect([first, second]).toEqual(['reachable', 'reachable']);
    expect(await probeTiles(TEMPLATE, 'https://tiles.example/4/1/1.png', { load })).toBe('reachable');
    expect(load.mock.calls).toEqual([['https://tiles.example/2/1/1.png']]);
  });

  it('believes "unreachable" for a minute, then lets one tile try again', async () => {
    let time = 1_000;
    const now = () => time;
    const offline = loader(false);
    expect(await probeTiles(TEMPLATE, 'https://tiles.example/2/1/1.png', { load: offline, now })).toBe('unreachable');
    time += RETRY_AFTER_MS - 1;
    expect(await probeTiles(TEMPLATE, 'https://tiles.example/2/1/1.png', { load: offline, now })).toBe('unreachable');
    expect(offline).toHaveBeenCalledTimes(1);

    time += 1;
    const online = loader(true);
    expect(await probeTiles(TEMPLATE, 'https://tiles.example/2/1/1.png', { load: online, now })).toBe('reachable');
    expect(online).toHaveBeenCalledTimes(1);
  });

  it('probes again for another tile server', async () => {
    const load = loader(true);
    await probeTiles(TEMPLATE, 'https://tiles.example/2/1/1.png', { load });
    await probeTiles('https://other.example/{z}/{x}/{y}.png', 'https://other.example/2/1/1.png', { load });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('takes the word of a layer whose tiles failed after the probe passed', async () => {
    const load = loader(true);
    await probeTiles(TEMPLATE, 'https://tiles.example/2/1/1.png', { load });
    markTilesUnreachable(TEMPLATE, () => 5_000);
    expect(await probeTiles(TEMPLATE, 'https://tiles.example/2/1/1.png', { load, now: () => 6_000 })).toBe('unreachable');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
