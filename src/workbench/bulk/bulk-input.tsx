import { useId, useState } from 'react';
import type { MergeClient } from './merge-client.ts';
import type { InputTable } from './read-input.ts';

export interface ReadFile {
  fileName: string;
  text: string;
  table: InputTable;
}

interface BulkInputProps {
  merger: MergeClient;
  onRead: (file: ReadFile | undefined) => void;
}

/** Upload or paste a CSV (with a header row) or a JSON array; read off the page's thread. */
export function BulkInput({ merger, onRead }: BulkInputProps) {
  const id = useId();
  const [pasted, setPasted] = useState('');
  const [message, setMessage] = useState<string>();
  const [reading, setReading] = useState(false);

  async function read(fileName: string, bytes: ArrayBuffer) {
    setReading(true);
    // The worker takes the buffer; the text (kept with the run) is decoded from a copy.
    const copy = bytes.slice(0);
    const result = await merger.parse(bytes);
    setReading(false);
    if (!result.ok) {
      setMessage(result.message);
      onRead(undefined);
      return;
    }
    setMessage(undefined);
    onRead({ fileName, text: new TextDecoder().decode(copy), table: result.table });
  }

  return (
    <fieldset className="bulk-input">
      <legend>Input rows</legend>
      <p className="bulk-help">
        A CSV file with a header row (or a JSON array of objects), at most 10,000 rows. Columns named like a parameter feed it; map the
        others below.
      </p>
      <label htmlFor={`${id}-file`}>Upload a CSV or JSON file</label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void file.arrayBuffer().then((bytes) => read(file.name, bytes));
        }}
      />
      <label htmlFor={`${id}-paste`}>Or paste CSV or JSON</label>
      <textarea id={`${id}-paste`} rows={5} value={pasted} onChange={(event) => setPasted(event.target.value)} spellCheck={false} />
      <button type="button" onClick={() => void read('pasted.csv', new TextEncoder().encode(pasted).buffer as ArrayBuffer)}>
        Read pasted rows
      </button>
      {reading && <p role="status">Reading…</p>}
      {message && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {message} Nothing was sent.
        </p>
      )}
    </fieldset>
  );
}
