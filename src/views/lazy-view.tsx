// Each own view is its own chunk (the podcast view brings DOMPurify, the chart its maths), so a
// lookup page downloads only the view of the lookup it shows.
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import type { OwnViewProps } from '../results/slots.ts';

export function lazyView(load: () => Promise<{ default: ComponentType<OwnViewProps> }>): ComponentType<OwnViewProps> {
  const View = lazy(load);
  function LazyOwnView(props: OwnViewProps) {
    return (
      <Suspense fallback={<p role="status">Loading view…</p>}>
        <View {...props} />
      </Suspense>
    );
  }
  return LazyOwnView;
}
