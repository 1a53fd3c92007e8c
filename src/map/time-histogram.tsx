// The time histogram under the map (`time=`): records per time bin, a brush to drag over it (or move
// with the keyboard: arrows move the range, Shift+arrows widen or narrow it) and a play button that
// steps the range forward by an hour, a day or a week.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import type { MapLook } from '../results/view-state.ts';

const BINS = 60;
const STEPS = { hour: 3_600_000, day: 86_400_000, week: 604_800_000 } as const;
type Step = keyof typeof STEPS;

interface TimeHistogramProps {
  /** Each record's time in ms (NaN: none), every record of the answer. */
  times: Float64Array;
  time: MapLook['time'];
  onChange: (time: MapLook['time']) => void;
}

export function timeBins(times: Float64Array): { start: number; end: number; counts: number[] } | undefined {
  let start = Infinity;
  let end = -Infinity;
  for (const time of times) {
    if (Number.isNaN(time)) continue;
    if (time < start) start = time;
    if (time > end) end = time;
  }
  if (!Number.isFinite(start)) return undefined;
  if (end === start) end = start + STEPS.hour;
  const counts = new Array<number>(BINS).fill(0);
  for (const time of times) if (!Number.isNaN(time)) counts[Math.min(BINS - 1, Math.floor(((time - start) / (end - start)) * BINS))]! += 1;
  return { start, end, counts };
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, 'Z');

export function TimeHistogram({ times, time, onChange }: TimeHistogramProps) {
  const bins = useMemo(() => timeBins(times), [times]);
  const [step, setStep] = useState<Step>('day');
  const [playing, setPlaying] = useState(false);
  const drag = useRef<number>(undefined);
  const svg = useRef<SVGSVGElement>(null);
  const range = useMemo(() => (time ? { from: Date.parse(time.from), to: Date.parse(time.to) } : undefined), [time]);

  useEffect(() => {
    if (!playing || !bins) return;
    const timer = setInterval(() => {
      const from = range ? range.from + STEPS[step] : bins.start;
      if (from > bins.end) return setPlaying(false);
      onChange({ from: iso(from), to: iso(from + STEPS[step]) });
    }, 900);
    return () => clearInterval(timer);
  }, [playing, bins, range, step, onChange]);

  if (!bins) return null;
  const span = bins.end - bins.start;
  const most = Math.max(1, ...bins.counts);
  const atX = (clientX: number) => {
    const box = svg.current!.getBoundingClientRect();
    return bins.start + Math.max(0, Math.min(1, (clientX - box.left) / box.width)) * span;
  };
  const set = (a: number, b: number) => onChange({ from: iso(Math.min(a, b)), to: iso(Math.max(a, b)) });
  const down = (event: PointerEvent<SVGSVGElement>) => {
    drag.current = atX(event.clientX);
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const move = (event: PointerEvent<SVGSVGElement>) => {
    if (drag.current !== undefined) set(drag.current, atX(event.clientX));
  };
  const up = () => (drag.current = undefined);
  const key = (event: KeyboardEvent<HTMLDivElement>) => {
    const unit = span / BINS;
    const from = range?.from ?? bins.start;
    const to = range?.to ?? bins.end;
    const moves: Record<string, () => void> = {
      ArrowRight: () => (event.shiftKey ? set(from, to + unit) : set(from + unit, to + unit)),
      ArrowLeft: () => (event.shiftKey ? set(from, Math.max(from + unit, to - unit)) : set(from - unit, to - unit)),
      Escape: () => onChange(undefined),
    };
    if (!moves[event.key]) return;
    event.preventDefault();
    moves[event.key]!();
  };
  const x = (ms: number) => ((ms - bins.start) / span) * 100;

  return (
    <div className="time-histogram">
      <div
        tabIndex={0}
        role="slider"
        className="time-histogram__window"
        aria-label="Time window"
        aria-valuemin={bins.start}
        aria-valuemax={bins.end}
        aria-valuenow={range?.from ?? bins.start}
        aria-valuetext={range ? `${time!.from} to ${time!.to}` : 'All times'}
        onKeyDown={key}
      >
        <svg
          ref={svg}
          viewBox="0 0 100 40"
          preserveAspectRatio="none"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          aria-hidden="true"
        >
          {bins.counts.map((count, bin) => (
            <rect
              key={bin}
              className="time-histogram__bar"
              x={(bin * 100) / BINS + 0.1}
              width={100 / BINS - 0.2}
              y={40 - (count / most) * 38}
              height={(count / most) * 38}
            />
          ))}
          <rect
            className="time-histogram__brush"
            x={range ? x(range.from) : 0}
            width={range ? Math.max(0.3, x(range.to) - x(range.from)) : 100}
            y={0}
            height={40}
          />
        </svg>
      </div>
      <div className="time-histogram__controls">
        <span>{time ? `${time.from} – ${time.to}` : `${iso(bins.start)} – ${iso(bins.end)}`}</span>
        <button type="button" onClick={() => setPlaying(!playing)}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <label>
          Step{' '}
          <select value={step} onChange={(event) => setStep(event.target.value as Step)}>
            <option value="hour">hour</option>
            <option value="day">day</option>
            <option value="week">week</option>
          </select>
        </label>
        {time && (
          <button type="button" onClick={() => onChange(undefined)}>
            All times
          </button>
        )}
      </div>
    </div>
  );
}
