import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hashKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishLiveAnswer, type StreamRequest } from '../../api/answer-stream.ts';
import { lookupQueryKey } from '../../api/lookup-query.ts';
import { ResultViewer } from '../result-viewer.tsx';
import { makeResponse, peopleLookup, peopleOperation, person } from '../testing/fixtures.ts';
import { fakeLayout, renderViewer } from '../testing/render-viewer.tsx';
import { startAnswerStream } from './stream-client.ts';
import { StreamingAnswer } from './streaming-answer.tsx';

const encoder = new TextEncoder();

/** A body stream the test feeds, and whether the reader cancelled it (Stop ends the download). */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const cancelled = vi.fn();
  const rest = new ReadableStream<Uint8Array>({
    start: (given) => void (controller = given),
    cancel: cancelled,
  });
  return { rest, cancelled, send: (text: string) => controller.enqueue(encoder.encode(text)), close: () => controller.close() };
}

function start(rest: ReadableStream<Uint8Array>, signal = new AbortController().signal) {
  const request: StreamRequest = {
    lookup: peopleLookup,
    operation: peopleOperation,
    head: [encoder.encode('{"ok":true,"page":1,"total_pages":1,')],
    rest,
    totalBytes: 10_000,
    progressive: true,
    onActivity: vi.fn(),
    signal,
  };
  return { request, ...startAnswerStream(request) };
}

const people = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => JSON.stringify(person(from + index))).join(',');

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = fakeLayout();
});
afterEach(() => restoreLayout());

describe('a big answer while it arrives', () => {
  it('shows the records received with the progress, then Stop keeps them as the answer', async () => {
    const user = userEvent.setup();
    const body = controlledBody();
    const { live, done, request } = start(body.rest);
    render(<StreamingAnswer live={live} fileStem="people" view={{}} onViewChange={vi.fn()} />);
    expect(screen.getByText('Waiting for the first records…')).toBeInTheDocument();

    body.send(`"people":[${people(0, 3)},`);
    const table = await screen.findByRole('region', { name: 'Records' });
    expect(within(table).getByText('Name 2')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Download progress' })).toHaveTextContent(/of 9\.8 kB · 3 records/);
    expect(request.onActivity).toHaveBeenCalled();

    // Half a record more: it is not shown, and not kept.
    body.send(`${people(3, 5)},{"id":5,"na`);
    await screen.findByText('Name 4');
    expect(screen.getByText('5 records')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Stop' }));
    const answer = await done;
    expect(answer.stoppedAfter).toBe(5);
    expect(answer.body).toEqual({ ok: true, page: 1, total_pages: 1, people: Array.from({ length: 5 }, (_, index) => person(index)) });
    expect(answer.text).toBe(`{"ok":true,"page":1,"total_pages":1,"people":[${people(0, 5)},{"id":5,"na`);
    expect(body.cancelled).toHaveBeenCalled();
  });

  it('resolves with the whole body once it has arrived, its records those shown', async () => {
    const body = controlledBody();
    const { live, done, request } = start(body.rest);
    body.send(`"people":[${people(0, 2)}`);
    body.send(`,${people(2, 4)}]}`);
    body.close();
    const answer = await done;
    // Bytes kept the fetcher's timeout going; the complete body stopped it (reading on has no limit).
    expect(vi.mocked(request.onActivity).mock.calls).toEqual([[], [], [true]]);
    expect(answer.stoppedAfter).toBeUndefined();
    expect(answer.body).toEqual({ ok: true, page: 1, total_pages: 1, people: Array.from({ length: 4 }, (_, index) => person(index)) });
    expect(answer.sizeBytes).toBe(answer.text.length);
    expect(live.current().progress.records).toBeLessThanOrEqual(4);
  });

  it('discards everything when the request is cancelled', async () => {
    const body = controlledBody();
    const controller = new AbortController();
    const { done } = start(body.rest, controller.signal);
    body.send(`"people":[${people(0, 2)},`);
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(body.cancelled).toHaveBeenCalled());
  });
});

describe('the viewer and a big answer', () => {
  it('says the answer was stopped, and opens a streamed answer on its table', () => {
    const response = makeResponse(
      { ok: true, page: 1, total_pages: 1, people: [person(0), person(1)] },
      { streamed: true, stoppedAfter: 2 },
    );
    renderViewer({ response, renderMap: () => <p>the map</p>, operation: { ...peopleOperation, defaultTab: 'map' } });
    expect(screen.getByText('stopped after 2 records')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the progress while the query of a streamed answer is fetching', async () => {
    const body = controlledBody();
    const { live } = start(body.rest);
    const params = { city: 'Berlin', page: 1 };
    act(() => publishLiveAnswer(hashKey(lookupQueryKey(peopleLookup, peopleOperation, params, { mask: false })), live));
    const { rerender, props } = renderViewer({ params, response: undefined, isFetching: true });
    body.send(`"people":[${people(0, 2)},`);
    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'Download progress' })).toHaveTextContent('2 records'));
    // Once the answer is there (the query no longer fetching), the viewer shows it.
    rerender(<ResultViewer {...props} response={makeResponse({ ok: true, page: 1, total_pages: 1, people: [] })} isFetching={false} />);
    expect(screen.queryByRole('status', { name: 'Download progress' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Table' })).toBeInTheDocument();
  });
});
