import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupViewerTests } from '../testing/render-viewer.tsx';
import { JsonTree, TREE_PAGE } from './json-tree.tsx';

setupViewerTests();

describe('JsonTree', () => {
  it('opens the root, renders children only when a node is expanded, by keyboard too', async () => {
    const user = userEvent.setup();
    render(<JsonTree value={{ status: { code: 0, msg: 'ok' }, items: [1, null, 'x'] }} />);
    const status = screen.getByRole('button', { name: /status \{2 keys\}/ });
    expect(status).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('"ok"')).not.toBeInTheDocument();

    status.focus();
    await user.keyboard('{Enter}');
    expect(status).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('"ok"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /items \[3 items\]/ }));
    expect(screen.getByText('null')).toBeInTheDocument();
    await user.click(status);
    expect(screen.queryByText('"ok"')).not.toBeInTheDocument();
  });

  it('caps a large level and shows more on request', async () => {
    const user = userEvent.setup();
    const items = Array.from({ length: 250_000 }, (_, index) => ({ id: index }));
    render(<JsonTree value={items} />);
    const list = screen.getByRole('button', { name: /body \[250,000 items\]/ }).nextElementSibling as HTMLElement;
    expect(within(list).getAllByRole('button', { name: /^\d+ \{1 key\}$/ })).toHaveLength(TREE_PAGE);
    await user.click(screen.getByRole('button', { name: `Show ${TREE_PAGE} more (${(250_000 - TREE_PAGE).toLocaleString('en-US')} not shown)` }));
    expect(within(list).getAllByRole('button', { name: /^\d+ \{1 key\}$/ })).toHaveLength(2 * TREE_PAGE);
  });

  it('points to the raw text when there is no parsed body', () => {
    render(<JsonTree value={undefined} />);
    expect(screen.getByText(/no parsed body/)).toBeInTheDocument();
  });
});
