// What the results area of a lookup page shows while a paid live call waits for the user's yes
// (live-call-consent.tsx decides when). Its own chunk: most pages never hold a call.
import { useEffect, useId, useRef } from 'react';
import { formatPrice, type ConsentState } from './live-call-consent.tsx';

interface ConsentPanelProps {
  state: Exclude<ConsentState, { status: 'free' }>;
  onSend: () => void;
  onNotNow: () => void;
}

/** What the results area shows instead of an answer while a paid live call waits for a yes. */
export function ConsentPanel({ state, onSend, onNotNow }: ConsentPanelProps) {
  if (state.status === 'checking') return <p role="status">Checking whether this lookup answers live…</p>;
  if (state.status === 'declined') {
    return <p className="empty">Not sent. The form holds the link’s query; press “Send request” when you want the answer.</p>;
  }
  return <LiveCallDialog price={state.price} live={state.live} onSend={onSend} onNotNow={onNotNow} />;
}

function LiveCallDialog({
  price,
  live,
  onSend,
  onNotNow,
}: {
  price: number;
  live: 'yes' | 'unknown';
  onSend: () => void;
  onNotNow: () => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  // Focus goes to the question itself, not to "Send": nothing is spent by pressing Enter by habit.
  useEffect(() => dialog.current?.focus(), []);
  return (
    <div
      ref={dialog}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="live-call-dialog"
      tabIndex={-1}
    >
      <h2 id={`${id}-title`}>Send a paid call?</h2>
      <p id={`${id}-text`}>
        {live === 'yes' ? 'This will make a live call' : 'This may make a live call (the server did not say whether this lookup is live)'}{' '}
        at {formatPrice(price)}.
      </p>
      <div className="live-call-actions">
        <button type="button" className="primary" onClick={onSend}>
          Send
        </button>
        <button type="button" onClick={onNotNow}>
          Not now
        </button>
      </div>
    </div>
  );
}
