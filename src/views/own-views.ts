// The lookups' own domain views, keyed by letter; a lookup without one opens on its table.
import type { ComponentType } from 'react';
import type { LookupId } from '../lookups/define-lookup.ts';
import type { OwnViewProps } from '../results/slots.ts';
import { lazyView } from './lazy-view.tsx';

export const ownViews: Partial<Record<LookupId, ComponentType<OwnViewProps>>> = {
  A: lazyView(() => import('./movie-card.tsx')),
  D: lazyView(() => import('./property-sheet.tsx')),
  G: lazyView(() => import('./property-sheet.tsx')),
  I: lazyView(() => import('./rates-chart-view.tsx')),
  J: lazyView(() => import('./insights-view.tsx')),
  R: lazyView(() => import('./profile-view.tsx')),
  S: lazyView(() => import('./transaction-view.tsx')),
  T: lazyView(() => import('./podcast-results.tsx')),
};
