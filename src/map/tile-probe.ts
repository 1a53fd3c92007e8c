// Whether the street tiles can be reached, asked with one tile before a map asks for a screenful.
// Offline, each map used to request a dozen or more tiles at once and Chromium logged every
// failure; now one request fails, the answer is shared by every map of the page, and it is kept
// for a minute before one more tile tries again (so coming back online is noticed).
export type TileReach = 'reachable' | 'unreachable';

/** How long "unreachable" is believed before the next map tries again. */
export const RETRY_AFTER_MS = 60_000;

/** Loads one image: resolves true once it loaded, false when it failed. */
export type ImageLoader = (url: string) => Promise<boolean>;

interface Probe {
  template: string;
  result: Promise<TileReach>;
  /** When it was found unreachable; undefined while pending or once reachable. */
  failedAt?: number;
}

let probe: Probe | undefined;

export function loadImage(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(true);
    image.onerror = () => resolve(false);
    image.src = url;
  });
}

interface ProbeOptions {
  load?: ImageLoader;
  now?: () => number;
}

/**
 * Reachability of the tiles of `template`, probing `tileUrl` only when no answer is known: a
 * pending probe is shared, "reachable" lasts for the page, "unreachable" for RETRY_AFTER_MS.
 */
export function probeTiles(template: string, tileUrl: string, { load = loadImage, now = Date.now }: ProbeOptions = {}): Promise<TileReach> {
  const known = probe?.template === template ? probe : undefined;
  if (known && (known.failedAt === undefined || now() - known.failedAt < RETRY_AFTER_MS)) return known.result;
  const started: Probe = {
    template,
    result: load(tileUrl).then((loaded) => {
      if (loaded) return 'reachable';
      started.failedAt = now();
      return 'unreachable';
    }),
  };
  probe = started;
  return started.result;
}

/** Tiles of `template` failed although the probe passed (the network went away): the next map need not ask again. */
export function markTilesUnreachable(template: string, now: () => number = Date.now): void {
  probe = { template, result: Promise.resolve('unreachable'), failedAt: now() };
}

/** Forgets what is known (tests). */
export function resetTileProbe(): void {
  probe = undefined;
}
