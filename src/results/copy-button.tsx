import { useState } from 'react';

interface CopyButtonProps {
  text: string | (() => string);
  /** Accessible name, e.g. "Copy curl snippet". */
  label: string;
}

/** Copies text to the clipboard and says so in a live region. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <span className="copy-button">
      <button type="button" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="copy-status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text instead' : ''}
      </span>
    </span>
  );
}
