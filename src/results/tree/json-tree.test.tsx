// The virtualised tree: a WAI-ARIA tree that opens nodes by mouse and keyboard, keeps only the rows
// in view in the page however large the body, and goes to a target (opening its ancestors).
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupViewerTests } from '../testing/render-viewer.tsx';
import { JsonTree } from './json-tree.tsx';

setupViewerTests();

const item = (name: RegExp | string) => screen.getByRole('treeitem', { name });
const activeRow = () => document.getElementById(screen.getByRole('tree').getAttribute('aria-activedescendant') ?? '');

describe('JsonTree', () => {
  it('opens the root, renders children only when a node is opened, by mouse and keyboard', async () => {
    const user = userEvent.setup();
    render(<JsonTree value={{ status: { code: 0, msg: 'ok' }, items: [1, null, 'x'] }} />);
    const status = item(/^status \{2 keys\}$/);
    expect(status).toHaveAttribute('aria-expanded', 'false');
    expect(status).toHaveAttribute('aria-level', '2');
    expect(screen.queryByText('"ok"')).not.toBeInTheDocument();

    await user.click(status);
    expect(item(/^status \{2 keys\}$/)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('"ok"')).toBeInTheDocument();
    expect(screen.getByRole('tree')).toHaveFocus();
    expect(activeRow()).toHaveTextContent(/^status/);

    // Keyboard: down to "items", right opens it, right again enters it, left goes back, left closes.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(activeRow()).toHaveTextContent(/^items \[3 items\]$/);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('null')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(activeRow()).toHaveTextContent(/^0: 1$/);
    expect(activeRow()).toHaveAttribute('aria-posinset', '1');
    expect(activeRow()).toHaveAttribute('aria-setsize', '3');
    await user.keyboard('{End}');
    expect(activeRow()).toHaveTextContent(/^2: "x"$/);
    await user.keyboard('{ArrowLeft}');
    expect(activeRow()).toHaveTextContent(/^items/);
    await user.keyboard('{ArrowLeft}');
    expect(screen.queryByText('null')).not.toBeInTheDocument();
    await user.keyboard('{Home}{Enter}');
    expect(screen.queryByText('"ok"')).not.toBeInTheDocument();
    expect(screen.getAllByRole('treeitem')).toHaveLength(1);
  });

  it('keeps a level of 250,000 items to the rows in view', async () => {
    const user = userEvent.setup();
    const items = Array.from({ length: 250_000 }, (_, index) => ({ id: index }));
    render(<JsonTree value={{ items }} />);
    await user.click(item(/^items \[250,000 items\]$/));
    const rows = screen.getAllByRole('treeitem');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(100);
    // The scroll height holds every row.
    const sizer = screen.getByRole('tree').firstElementChild as HTMLElement;
    expect(sizer.style.height).toBe(`${(250_000 + 2) * 24}px`);
    await user.keyboard('{End}');
    expect(activeRow()).toHaveTextContent(/^249999 \{1 key\}$/);
  });

  it('goes to a target: opens its ancestors, marks and focuses its row, again for a new seq', () => {
    const items = Array.from({ length: 5000 }, (_, index) => ({ id: index, tags: ['t'] }));
    const { rerender } = render(<JsonTree value={{ items }} />);
    rerender(<JsonTree value={{ items }} target={{ path: ['items', 4321, 'tags'], seq: 1 }} />);
    // Rerendering with a new object opens a new body; the same object keeps its state.
    const value = { items };
    rerender(<JsonTree value={value} target={{ path: ['items', 4321, 'tags'], seq: 2 }} />);
    const row = document.querySelector('[data-path="$.items[4321].tags"]');
    expect(row).toHaveClass('is-target');
    expect(row).toHaveAttribute('aria-selected', 'true');
    expect(activeRow()).toBe(row);
    expect(screen.getByRole('tree')).toHaveFocus();
    expect(screen.getByRole('treeitem', { name: /^4321 \{2 keys\}$/ })).toHaveAttribute('aria-expanded', 'true');

    fireEvent.keyDown(screen.getByRole('tree'), { key: 'ArrowUp' });
    expect(activeRow()).toHaveTextContent(/^id: 4321$/);
    rerender(<JsonTree value={value} target={{ path: ['items', 7], seq: 3 }} />);
    expect(activeRow()).toHaveTextContent(/^7 \{2 keys\}$/);
    expect(document.querySelectorAll('.is-target')).toHaveLength(1);
  });

  it('points to the raw text when there is no parsed body', () => {
    render(<JsonTree value={undefined} />);
    expect(screen.getByText(/no parsed body/)).toBeInTheDocument();
  });
});
