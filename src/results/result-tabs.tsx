import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { ResultTab } from '../lookups/define-lookup.ts';
import { TabErrorBoundary } from './tab-error-boundary.tsx';

export interface TabSpec {
  id: ResultTab;
  label: string;
  render: () => ReactNode;
}

interface ResultTabsProps {
  tabs: readonly TabSpec[];
  active: ResultTab;
  onChange: (tab: ResultTab) => void;
  /** Changes when a new answer arrives, so a failed view gets a fresh chance. */
  resetKey: unknown;
}

/** ARIA tabs (automatic activation): arrows, Home and End move between tabs. Only the active panel is rendered. */
export function ResultTabs({ tabs, active, onChange, resetKey }: ResultTabsProps) {
  const baseId = useId();
  const buttons = useRef(new Map<ResultTab, HTMLButtonElement>());
  const activeIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === active),
  );
  const current = tabs[activeIndex]!;
  // Counts answers, so each new answer remounts the panel's error boundary.
  const [generation, setGeneration] = useState({ of: resetKey, count: 0 });
  if (generation.of !== resetKey) setGeneration({ of: resetKey, count: generation.count + 1 });

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = { ArrowRight: activeIndex + 1, ArrowLeft: activeIndex - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length]!;
    onChange(next.id);
    buttons.current.get(next.id)?.focus();
  }

  return (
    <div className="result-tabs">
      <div role="tablist" aria-label="Result views" className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={tab.id === current.id}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.id === current.id ? 0 : -1}
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${current.id}`} className="tab-panel">
        <TabErrorBoundary key={`${current.id}-${generation.count}`} view={current.label}>
          <PanelContent render={current.render} />
        </TabErrorBoundary>
      </div>
    </div>
  );
}

/** Calls the tab's render inside the boundary, so errors thrown while rendering are caught there. */
function PanelContent({ render }: { render: () => ReactNode }) {
  return render();
}
