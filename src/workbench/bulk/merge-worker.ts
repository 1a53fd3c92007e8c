// The Web Worker that reads input files and merges answers, off the page's thread.
import { MergeEngine, type ToMerger } from './merge-engine.ts';

const engine = new MergeEngine((message) => self.postMessage(message));
self.addEventListener('message', (event: MessageEvent<ToMerger>) => void engine.handle(event.data));
