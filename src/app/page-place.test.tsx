import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PagePlace } from './page-place.tsx';

/** A page whose chunk never arrives: the place shows its loading state. */
function Pending(): never {
  throw new Promise(() => undefined);
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PagePlace>
        <Pending />
      </PagePlace>
    </MemoryRouter>,
  );
}

describe('a page loading in its place', () => {
  // The footer stays below the screen until the page arrives, so its arrival shifts nothing in view.
  it.each(['/', '/lookups/l'])('holds a screen’s height at %s, a page taller than the screen', (path) => {
    renderAt(path);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('status')).toHaveStyle({ minHeight: '100vh' });
  });

  it('holds no height for a short page', () => {
    renderAt('/history');
    expect(screen.getByRole('status')).not.toHaveStyle({ minHeight: '100vh' });
  });
});
