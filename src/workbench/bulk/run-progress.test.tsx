import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RunProgress } from './run-progress.tsx';
import type { Progress } from './runner.ts';

const running: Progress = {
  state: 'running',
  done: 3,
  failed: 0,
  remaining: 7,
  inFlight: 2,
  rowsPerSecond: 1,
  etaMs: 7000,
  waitingUntil: undefined,
};

function show(onCancel = vi.fn()) {
  render(
    <RunProgress
      progress={running}
      total={10}
      concurrency={4}
      onConcurrency={() => {}}
      onPause={() => {}}
      onResume={() => {}}
      onCancel={onCancel}
    />,
  );
  return onCancel;
}

describe('cancelling a run', () => {
  it('asks first, in a dialog that keeps the run by default', async () => {
    const onCancel = show();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel run…' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this run?' });
    expect(dialog).toHaveTextContent('The 7 rows not yet answered will be dropped');
    expect(screen.getByRole('button', { name: 'Keep running' })).toHaveFocus();
    expect(onCancel).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Keep running' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels once confirmed; Escape keeps the run', async () => {
    const onCancel = show();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel run…' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onCancel).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel run…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel the run' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the time left of a run', () => {
  const status = () => screen.getByRole('status');
  const progressOf = (progress: Progress) =>
    render(
      <RunProgress
        progress={progress}
        total={10}
        concurrency={4}
        onConcurrency={() => {}}
        onPause={() => {}}
        onResume={() => {}}
        onCancel={() => {}}
      />,
    );

  it('says "estimating" until there is a pace, then the time left at it', () => {
    const view = progressOf({ ...running, rowsPerSecond: 0, etaMs: undefined });
    expect(status()).toHaveTextContent('estimating the time left…');
    expect(status()).not.toHaveTextContent('rows/s');
    view.rerender(
      <RunProgress
        progress={running}
        total={10}
        concurrency={4}
        onConcurrency={() => {}}
        onPause={() => {}}
        onResume={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(status()).toHaveTextContent('1.0 rows/s · about 7 s left');
  });
});
