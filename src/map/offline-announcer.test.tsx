import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAnnouncesOffline } from './offline-announcer.ts';

function Probe({ name, offline }: { name: string; offline: boolean }) {
  const announces = useAnnouncesOffline(offline);
  return <p data-testid={name}>{announces ? 'announces' : 'silent'}</p>;
}

function Maps({ first, second, firstMounted = true }: { first: boolean; second: boolean; firstMounted?: boolean }) {
  return (
    <>
      {firstMounted && <Probe name="first" offline={first} />}
      <Probe name="second" offline={second} />
    </>
  );
}

describe('useAnnouncesOffline', () => {
  it('lets one offline map of the page announce, and hands over when it goes', () => {
    const { rerender, unmount } = render(<Maps first={false} second={false} />);
    expect(screen.getByTestId('first')).toHaveTextContent('silent');
    expect(screen.getByTestId('second')).toHaveTextContent('silent');

    rerender(<Maps first second={false} />);
    expect(screen.getByTestId('first')).toHaveTextContent('announces');

    rerender(<Maps first second />);
    expect(screen.getByTestId('first')).toHaveTextContent('announces');
    expect(screen.getByTestId('second')).toHaveTextContent('silent');

    rerender(<Maps first second firstMounted={false} />);
    expect(screen.getByTestId('second')).toHaveTextContent('announces');
    unmount();
  });

  it('a map back online stops announcing', () => {
    const { rerender, unmount } = render(<Maps first={false} second />);
    expect(screen.getByTestId('second')).toHaveTextContent('announces');
    rerender(<Maps first second={false} />);
    expect(screen.getByTestId('second')).toHaveTextContent('silent');
    expect(screen.getByTestId('first')).toHaveTextContent('announces');
    unmount();
  });
});
