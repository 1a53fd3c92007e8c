// The compare worker: diffs two answers off the main thread, so comparing 10,000 records never
// freezes the page. One request per worker; the page starts a fresh worker per comparison.
import { runCompare, type CompareRequest } from './compare-request.ts';

globalThis.addEventListener('message', (event: MessageEvent<CompareRequest>) => {
  globalThis.postMessage(runCompare(event.data));
});
