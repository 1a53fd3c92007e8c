// The app's recorder as a hook: it records what the fetcher announces, and switching masking on
// drops every body kept unmasked.
import 'fake-indexeddb/auto';
import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { emitAnswer } from '../../api/answer-events.ts';
import { clearHistory, historyStore, listHistory } from './history-store.ts';
import { answerOf, newEntry, personalLookup } from './history-testing.ts';
import { useHistoryRecorder } from './start-history-recorder.ts';

function Recorder({ masked }: { masked: boolean }) {
  useHistoryRecorder(masked);
  return null;
}

beforeEach(() => clearHistory());

describe('useHistoryRecorder', () => {
  it('records each announced answer into the history', async () => {
    render(<Recorder masked />);
    const operation = personalLookup.operations[0]!;
    emitAnswer({
      lookupId: personalLookup.id,
      operationId: operation.id,
      params: {},
      maskRequested: true,
      sentAt: 5,
      response: answerOf('{"name":"masked"}', { masked: true }),
    });
    await waitFor(async () => expect(await listHistory()).toHaveLength(1));
    expect((await listHistory())[0]).toMatchObject({ lookupId: personalLookup.id, masked: true, bodyStored: true, sentAt: 5 });
  });

  it('drops the bodies kept unmasked once masking is switched on', async () => {
    const unmasked = await historyStore().add(newEntry(1, { lookup: personalLookup, masked: false }));
    const masked = await historyStore().add(newEntry(2, { lookup: personalLookup, masked: true }));
    const { rerender } = render(<Recorder masked={false} />);
    rerender(<Recorder masked />);
    await waitFor(async () => expect(await historyStore().get(unmasked.id)).toMatchObject({ bodyStored: false }));
    expect(await historyStore().getStoredResponse(masked.id)).toBeDefined();
  });
});
