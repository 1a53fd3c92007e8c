// /history: every request sent from this browser, searchable, each replayable or reopenable from
// its stored answer without a new call.
import { HistoryBrowser } from '../workbench/history/history-browser.tsx';
import { useDocumentTitle } from './use-document-title.ts';

export function HistoryPage() {
  useDocumentTitle('History');
  return (
    <section className="history-page" aria-labelledby="history-title">
      <h1 id="history-title">History</h1>
      <p className="lede">
        Requests sent from this browser, newest first. Answers are kept here, a large one compressed, up to 16 MB each as stored (64 MB in
        all, the oldest dropped first); with masking on, only masked answers are kept.
      </p>
      <HistoryBrowser />
    </section>
  );
}
