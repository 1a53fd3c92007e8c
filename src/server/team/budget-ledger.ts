// The budget ledger: a marker key the server keeps in the shared store beside the budgets' counters,
// so that a store that lost its data (Redis restarted without persistence, flushed, replaced) is
// noticed instead of silently handing out every budget again (issue 22). The marker never expires.
//
//   {"state":"kept","id":…,"since":…,"by":"server"|"operator"}  budgets are kept under this marker
//   {"state":"lost","noticedAt":…}                                a loss was noticed: budgeted calls are refused
//
// A process reads the marker once and then reserves only while it still holds the same text (the
// guard is inside the reservation's one atomic store call, so no extra round trip). A store with no
// marker is a first start when this process never saw one (it writes one); when it had seen one, the
// data was lost. A marker written by another server that this process did not know is a loss too
// (that server started after the loss); one written by an operator (confirmBudgetReset) is adopted.
// What no running process can notice: every server and Redis restarting together with the data
// gone. Redis's append-only file (deploy/redis.conf) is the guard there; start-up warns without one.
import { randomUUID } from 'node:crypto';
import { partLog } from '../server-log.ts';
import type { SharedStore } from './store-types.ts';

/** The marker's key (Redis adds its `lookup-explorer:` prefix). */
export const LEDGER_KEY = 'budgets:ledger';
/** The operator's command that confirms a loss (docs/deployment.md). */
export const CONFIRM_COMMAND = 'npm run confirm-budget-reset';

type Marker = { state: 'kept'; id: string; since: string; by: 'server' | 'operator' } | { state: 'lost'; noticedAt: string };

export type LedgerView =
  /** Budgets are kept: reserve while the store holds `marker` (its exact text). */
  | { kept: true; marker: string }
  /** The store lost its budgets: refuse budgeted calls until an operator confirms. */
  | { kept: false; noticedAt: number };

export interface BudgetLedger {
  /** The ledger now: known after the first look (no round trip), looked up again while lost. */
  current(): Promise<LedgerView>;
  /** A guarded reservation found the marker changed: look at the store again. */
  recheck(): Promise<LedgerView>;
  /** At start-up, with budgets configured: writes or reads the marker, and warns when Redis keeps no append-only file. */
  open(): Promise<void>;
}

export interface BudgetLedgerOptions {
  /** Where the loss and the persistence warning are said (stderr by default). */
  log?: (message: string) => void;
  now?: () => number;
}

function parse(text: string | undefined): Marker | undefined {
  if (text === undefined) return undefined;
  try {
    const marker = JSON.parse(text) as Partial<Marker>;
    if (marker.state === 'kept' && typeof marker.id === 'string') return marker as Marker;
  } catch {
    // Not ours: read as lost below, so an operator looks at it.
  }
  return { state: 'lost', noticedAt: new Date(0).toISOString() };
}

function keptMarker(by: 'server' | 'operator', now: number): string {
  return JSON.stringify({ state: 'kept', id: randomUUID(), since: new Date(now).toISOString(), by } satisfies Marker);
}

function lostMarker(now: number): string {
  return JSON.stringify({ state: 'lost', noticedAt: new Date(now).toISOString() } satisfies Marker);
}

const LOST_MESSAGE =
  'BUDGETS REFUSED: the shared store lost the budgets it kept (its budget ledger marker is gone or was replaced: ' +
  'Redis restarted without persistence, or was flushed or replaced), so the live calls already spent this day or month are unknown. ' +
  `Every budgeted live call is refused (503 budget_store_reset) until an operator runs \`${CONFIRM_COMMAND}\`; ` +
  'calls without a budget, demo and cached answers still work. See docs/deployment.md, "When Redis loses its data".';

const NO_AOF_MESSAGE =
  'Warning: budgets are configured and Redis (LOOKUP_REDIS_URL) keeps no append-only file (appendonly no). ' +
  'A Redis restart loses every spent budget; the servers then refuse budgeted calls until an operator confirms, ' +
  'but a restart of Redis and every server together goes unnoticed. Run Redis with deploy/redis.conf (appendonly yes).';

export function createBudgetLedger(store: SharedStore, options: BudgetLedgerOptions = {}): BudgetLedger {
  const log = options.log ?? ((message: string) => partLog('team').error(message));
  const now = options.now ?? Date.now;
  /** The marker text this process keeps budgets under; undefined until it first looked. */
  let known: string | undefined;
  let view: LedgerView | undefined;
  let pending: Promise<LedgerView> | undefined;
  let saidLost = false;

  const lost = (noticedAt: string): LedgerView => {
    if (!saidLost) log(LOST_MESSAGE);
    saidLost = true;
    view = undefined;
    return { kept: false, noticedAt: Date.parse(noticedAt) || now() };
  };

  async function look(): Promise<LedgerView> {
    let text = await store.getText(LEDGER_KEY);
    // Each step is a compare-and-set from what was read, so racing processes end on one marker.
    for (let step = 0; step < 4; step++) {
      const marker = parse(text);
      if (marker === undefined) {
        // No marker: a first start if this process never saw one, else the data is gone.
        text = await store.swapText(LEDGER_KEY, undefined, known === undefined ? keptMarker('server', now()) : lostMarker(now()));
        continue;
      }
      if (marker.state === 'lost') return lost(marker.noticedAt);
      if (known === undefined || text === known || marker.by === 'operator') {
        known = text;
        saidLost = false;
        return (view = { kept: true, marker: text! });
      }
      // Another server wrote a fresh marker after the one this process knew was lost.
      text = await store.swapText(LEDGER_KEY, text, lostMarker(now()));
    }
    // The marker kept changing under us: refuse until it settles.
    return lost(new Date(now()).toISOString());
  }

  const lookOnce = () => (pending ??= look().finally(() => (pending = undefined)));

  return {
    async current() {
      return view ?? lookOnce();
    },
    async recheck() {
      view = undefined;
      return lookOnce();
    },
    async open() {
      const [, appendOnly] = await Promise.all([lookOnce(), store.appendOnly?.()]);
      if (appendOnly === false) log(NO_AOF_MESSAGE);
    },
  };
}

export type ConfirmOutcome =
  /** The marker was missing or said lost: budgets are kept again from what the store holds. */
  | { confirmed: true; was: 'absent' | 'lost' }
  /** Budgets were being kept: nothing changed. */
  | { confirmed: false; since: string };

/** The operator's confirmation: budgets start again from what the store holds now. */
export async function confirmBudgetReset(store: SharedStore, now: () => number = Date.now): Promise<ConfirmOutcome> {
  let text = await store.getText(LEDGER_KEY);
  for (let step = 0; step < 4; step++) {
    const marker = parse(text);
    if (marker?.state === 'kept') return { confirmed: false, since: marker.since };
    const next = keptMarker('operator', now());
    const after = await store.swapText(LEDGER_KEY, text, next);
    if (after === next) return { confirmed: true, was: marker ? 'lost' : 'absent' };
    text = after;
  }
  throw new Error('The budget ledger kept changing while it was confirmed: run the command again.');
}
