// Renders the viewer for component tests with the fixtures' lookup and sensible defaults.
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { ResultViewerProps } from '../viewer-props.ts';
import { ResultViewer } from '../result-viewer.tsx';
import { makeResponse, peopleBody, peopleLookup, peopleOperation } from './fixtures.ts';

export function viewerProps(overrides: Partial<ResultViewerProps> = {}): ResultViewerProps {
  return {
    lookup: peopleLookup,
    operation: peopleOperation,
    params: { city: 'Berlin', page: 1 },
    response: makeResponse(peopleBody(3)),
    error: null,
    isFetching: false,
    onNavigate: vi.fn(),
    onRetry: vi.fn(),
    masked: false,
    ...overrides,
  };
}

export function renderViewer(overrides: Partial<ResultViewerProps> = {}) {
  const props = viewerProps(overrides);
  return { props, ...render(<ResultViewer {...props} />) };
}

/** Gives scroll containers a size (jsdom lays nothing out), so the virtualiser renders rows. */
export function fakeLayout(height = 600) {
  const clientHeight = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
  const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  // The virtualiser clamps scrolling to scrollHeight; jsdom reports 0.
  const scrollHeight = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(10_000_000);
  Element.prototype.scrollTo = function scrollTo(this: Element, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    this.dispatchEvent(new Event('scroll'));
  } as Element['scrollTo'];
  return () => {
    clientHeight.mockRestore();
    clientWidth.mockRestore();
    scrollHeight.mockRestore();
  };
}

/** Captures what the next downloads contain. */
export function captureDownloads() {
  const files: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  let counter = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${++counter}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return { files, restore: () => click.mockRestore() };
}

/** Registers the per-test layout stubs and unmounts what each test rendered. */
export function setupViewerTests() {
  let restore: () => void = () => {};
  beforeEach(() => {
    restore = fakeLayout();
  });
  afterEach(() => {
    cleanup();
    restore();
  });
}
