// The search-area map starts only when its box nears the viewport, in a box that already has its
// size; where IntersectionObserver is missing it starts at once.
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Operation } from '../lookups/define-lookup.ts';
import { allLookups } from '../lookups/registry.ts';
import { DeferredLocationPicker } from './deferred-location-picker.tsx';

// The real picker is Leaflet's (covered end to end in e2e/map.spec.ts); here only when it mounts matters.
vi.mock('../map/location-picker.tsx', () => ({
  default: ({ operation }: { operation: Operation }) => <div role="region" aria-label={`Search area map of ${operation.id}`} />,
}));

const operation = allLookups.flatMap((lookup) => lookup.operations).find((candidate) => candidate.locationSearch)!;

/** An IntersectionObserver the test moves: `report(true)` says the box came near the viewport. */
function stubObserver() {
  const observers: Array<{
    callback: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
    targets: Element[];
    disconnected: boolean;
  }> = [];
  class FakeObserver {
    record: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, options, targets: [], disconnected: false };
      observers.push(this.record);
    }
    observe(target: Element) {
      this.record.targets.push(target);
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const report = (isIntersecting: boolean) =>
    act(() => {
      for (const observer of observers.filter((candidate) => !candidate.disconnected))
        observer.callback(
          observer.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
    });
  return { observers, report };
}

afterEach(() => vi.unstubAllGlobals());

describe('the deferred location picker', () => {
  it('shows its box and hint at once, and loads the map only once the box nears the viewport', async () => {
    const { observers, report } = stubObserver();
    const { container } = render(<DeferredLocationPicker operation={operation} values={{}} onValuesChange={() => {}} />);
    expect(screen.getByText(/^Click the map to set the search point/)).toBeInTheDocument();
    expect(container.querySelector('.location-picker-placeholder')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    // The place box above the map starts with it, into a slot already held for it.
    expect(container.querySelector('.place-search-slot')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options?.rootMargin).toMatch(/px/);

    report(false);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();

    report(true);
    expect(await screen.findByRole('region', { name: `Search area map of ${operation.id}` })).toBeInTheDocument();
    expect(container.querySelector('.location-picker-placeholder')).not.toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Find a place' })).toBeInTheDocument();
    // Loaded once, it stays: the observer is gone.
    expect(observers.every((observer) => observer.disconnected)).toBe(true);
  });

  it('loads the map at once where the browser has no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<DeferredLocationPicker operation={operation} values={{}} onValuesChange={() => {}} />);
    expect(await screen.findByRole('region', { name: `Search area map of ${operation.id}` })).toBeInTheDocument();
  });
});
