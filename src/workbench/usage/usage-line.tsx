// "Today from this browser: 2 live calls · 1 demo answer · 0 from cache · $0.012 today": what the
// analyst has spent on a lookup today, from the counters this browser keeps.
import { formatDollars } from './format-dollars.ts';
import './usage-line.css';
import { liveCost } from './usage-ledger.ts';
import { useTodayUsage } from './use-today-usage.ts';

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

interface UsageLineProps {
  lookupId: string;
  /** Dollars per call, for lookups the provider prices per call: adds today's running cost. */
  pricePerCall?: number | undefined;
}

export function UsageLine({ lookupId, pricePerCall }: UsageLineProps) {
  const counts = useTodayUsage(lookupId);
  return (
    <p className="usage-line" title="Counted in this browser since midnight UTC; the counts reset each UTC day.">
      Today from this browser: {counted(counts.live, 'live call', 'live calls')} · {counted(counts.demo, 'demo answer', 'demo answers')} ·{' '}
      {counts.cache} from cache
      {pricePerCall !== undefined && <> · {formatDollars(liveCost(counts, pricePerCall))} today</>}
    </p>
  );
}
