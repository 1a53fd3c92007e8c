import { useEffect, useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CopyButton } from '../copy-button.tsx';
import { downloadText } from '../download.ts';
import { formatBytes } from '../format.ts';

/** Above this many lines only the visible ones are in the DOM (a 5 MB body has ~300,000). */
export const VIRTUAL_LINES_FROM = 2000;
const LINE_HEIGHT = 20;

/** A line to scroll to (0-based); a new `seq` goes again, even to the same line. */
export interface LineTarget {
  line: number;
  seq: number;
}

interface RawViewProps {
  text: string;
  /** Where each line starts, when already known (a large body's text is indexed in the document worker). */
  lineStarts?: Uint32Array;
  /** The text's UTF-8 size, when already known. */
  bytes?: number;
  fileName: string;
  mimeType: string;
  /** Why the text differs from what arrived, e.g. masked personal data. */
  note?: string;
  target?: LineTarget;
}

interface Lines {
  count: number;
  at(index: number): string;
}

function linesOf(text: string, lineStarts: Uint32Array | undefined): Lines {
  if (!lineStarts) {
    const split = text.split('\n');
    return { count: split.length, at: (index) => split[index]! };
  }
  // Slicing on demand: the page never holds millions of line strings.
  return {
    count: lineStarts.length,
    at: (index) => text.slice(lineStarts[index]!, index + 1 < lineStarts.length ? lineStarts[index + 1]! - 1 : text.length),
  };
}

/** The body as text, with copy and download; large bodies scroll virtually instead of freezing. */
export function RawView({ text, lineStarts, bytes: knownBytes, fileName, mimeType, note, target }: RawViewProps) {
  const lines = useMemo(() => linesOf(text, lineStarts), [text, lineStarts]);
  const bytes = useMemo(() => knownBytes ?? new TextEncoder().encode(text).length, [knownBytes, text]);
  return (
    <div className="raw-view">
      <div className="raw-toolbar">
        <span>
          {lines.count.toLocaleString('en-US')} lines, {formatBytes(bytes)}
        </span>
        <CopyButton text={text} label="Copy body" />
        <button type="button" onClick={() => downloadText(fileName, text, mimeType)}>
          Download
        </button>
      </div>
      {note && <p className="raw-note">{note}</p>}
      {lines.count < VIRTUAL_LINES_FROM ? <ShortText lines={lines} target={target} /> : <VirtualLines lines={lines} target={target} />}
    </div>
  );
}

/** Goes to a target once per `seq`: `go` scrolls and returns the element to focus. */
function useGoTo(target: LineTarget | undefined, go: (line: number) => HTMLElement | null | undefined) {
  const handled = useRef(0);
  useEffect(() => {
    if (!target || target.seq === handled.current) return;
    handled.current = target.seq;
    go(target.line)?.focus({ preventScroll: true });
  });
}

function ShortText({ lines, target }: { lines: Lines; target: LineTarget | undefined }) {
  const preRef = useRef<HTMLPreElement>(null);
  useGoTo(target, (line) => {
    // jsdom has no scrollIntoView.
    preRef.current?.querySelector(`[data-line="${line}"]`)?.scrollIntoView?.({ block: 'center' });
    return preRef.current;
  });
  return (
    <pre ref={preRef} className="raw-text" tabIndex={0} aria-label="Raw body">
      {Array.from({ length: lines.count }, (_, index) => (
        <span key={index} data-line={index} className={index === target?.line ? 'raw-line-target' : undefined}>
          {lines.at(index)}
          {index < lines.count - 1 ? '\n' : ''}
        </span>
      ))}
    </pre>
  );
}

function VirtualLines({ lines, target }: { lines: Lines; target: LineTarget | undefined }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the virtualiser is meant to be read on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: lines.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: 20,
  });
  useGoTo(target, (line) => {
    virtualizer.scrollToIndex(line, { align: 'center' });
    scrollRef.current?.scrollIntoView?.({ block: 'nearest' });
    return scrollRef.current;
  });
  return (
    <div ref={scrollRef} className="raw-text raw-virtual" tabIndex={0} role="region" aria-label="Raw body">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.index}
            data-line={item.index}
            className={item.index === target?.line ? 'raw-line raw-line-target' : 'raw-line'}
            style={{ transform: `translateY(${item.start}px)`, height: LINE_HEIGHT }}
          >
            {lines.at(item.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
