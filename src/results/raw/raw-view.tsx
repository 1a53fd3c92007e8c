import { useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CopyButton } from '../copy-button.tsx';
import { downloadText } from '../download.ts';
import { formatBytes } from '../format.ts';

/** Above this many lines only the visible ones are in the DOM (a 5 MB body has ~300,000). */
export const VIRTUAL_LINES_FROM = 2000;
const LINE_HEIGHT = 20;

interface RawViewProps {
  text: string;
  fileName: string;
  mimeType: string;
  /** Why the text differs from what arrived, e.g. masked personal data. */
  note?: string;
}

/** The body as text, with copy and download; large bodies scroll virtually instead of freezing. */
export function RawView({ text, fileName, mimeType, note }: RawViewProps) {
  const lines = useMemo(() => text.split('\n'), [text]);
  const bytes = useMemo(() => new TextEncoder().encode(text).length, [text]);
  return (
    <div className="raw-view">
      <div className="raw-toolbar">
        <span>
          {lines.length.toLocaleString('en-US')} lines, {formatBytes(bytes)}
        </span>
        <CopyButton text={text} label="Copy body" />
        <button type="button" onClick={() => downloadText(fileName, text, mimeType)}>
          Download
        </button>
      </div>
      {note && <p className="raw-note">{note}</p>}
      {lines.length < VIRTUAL_LINES_FROM ? (
        <pre className="raw-text" tabIndex={0} aria-label="Raw body">
          {text}
        </pre>
      ) : (
        <VirtualLines lines={lines} />
      )}
    </div>
  );
}

function VirtualLines({ lines }: { lines: readonly string[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the virtualiser is meant to be read on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: 20,
  });
  return (
    <div ref={scrollRef} className="raw-text raw-virtual" tabIndex={0} role="region" aria-label="Raw body">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div key={item.index} className="raw-line" style={{ transform: `translateY(${item.start}px)`, height: LINE_HEIGHT }}>
            {lines[item.index]}
          </div>
        ))}
      </div>
    </div>
  );
}
