import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DialogActions } from './dialog-actions.tsx';

function renderInForm(busy: boolean) {
  const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
  const onCancel = vi.fn();
  render(
    <form aria-label="Name it" onSubmit={onSubmit}>
      <label htmlFor="name">Name</label>
      <input id="name" />
      <DialogActions submitLabel="Save query" busy={busy} onCancel={onCancel} />
    </form>,
  );
  return { onSubmit, onCancel };
}

describe('a dialog’s Submit / Cancel bar', () => {
  it('submits its form from the Submit button and from Enter in a field', async () => {
    const { onSubmit, onCancel } = renderInForm(false);
    const submit = screen.getByRole('button', { name: 'Save query' });
    expect(submit).toHaveAttribute('type', 'submit');
    expect(submit).toHaveClass('primary');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Trips{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels without submitting', async () => {
    const { onSubmit, onCancel } = renderInForm(false);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveAttribute('type', 'button');
    await userEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('while busy, Submit is disabled and out of the Tab order; Cancel still works', async () => {
    const { onSubmit, onCancel } = renderInForm(true);
    expect(screen.getByRole('button', { name: 'Save query' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save query' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('puts Submit before Cancel in the Tab order', async () => {
    renderInForm(false);
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Save query' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });
});
