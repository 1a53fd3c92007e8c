import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SavedPlace, SavedPlaceholder } from './saved-place.tsx';

const HINT_KEY = 'lookup-explorer:saved-section';

function renderIn(element: React.ReactNode) {
  return render(<MemoryRouter>{element}</MemoryRouter>);
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the saved-queries section’s held place on the catalog', () => {
  it('on a first visit holds the "none yet" line, as the section shows with nothing saved', () => {
    const { container } = renderIn(<SavedPlaceholder />);
    expect(screen.getByRole('link', { name: 'Saved queries' })).toHaveAttribute('href', '/saved');
    expect(container.textContent).toContain('none yet');
  });

  it('remembers the count and height of the section and holds that height on the next visit', () => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(184);
    const first = renderIn(
      <SavedPlace count={3}>
        <p>three saved queries</p>
      </SavedPlace>,
    );
    expect(JSON.parse(localStorage.getItem(HINT_KEY)!)).toEqual({ count: 3, height: 184, width: window.innerWidth });
    first.unmount();

    const { container } = renderIn(<SavedPlaceholder />);
    const place = container.querySelector<HTMLElement>('.saved-place')!;
    expect(place.style.minHeight).toBe('184px');
    expect(place).toHaveAttribute('aria-hidden', 'true');
    expect(container.textContent).toBe('');
  });

  it('holds nothing when the window is another width (the list wraps differently) or the hint is unreadable', () => {
    localStorage.setItem(HINT_KEY, JSON.stringify({ count: 2, height: 120, width: window.innerWidth + 100 }));
    expect(renderIn(<SavedPlaceholder />).container).toBeEmptyDOMElement();
    localStorage.setItem(HINT_KEY, '{not json');
    // Unreadable counts as a first visit: the "none yet" line.
    expect(renderIn(<SavedPlaceholder />).container.textContent).toContain('none yet');
  });
});
